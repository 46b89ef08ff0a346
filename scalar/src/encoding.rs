//! Encodings, byte orders, transcoding modes, BOM sniffing and encoding detection.
//!
//! The public path of the types (defined in `types.rs`) and of detection (in
//! `detect.rs`); nothing in the crate imports through it.

pub use crate::detect::{detect_bom, detect_encodings};
pub use crate::types::{Encoding, EncodingSet, Endian, Mode};
