//! Encoding labels on the command line: those of [`Encoding::parse_label`] plus the
//! byte-order-less `utf-16`/`utf-32`.

use crate::failure::Failure;
use utfast::Encoding;

/// An encoding named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Label {
    /// The encoding (for "utf-16"/"utf-32": the little-endian default).
    pub encoding: Encoding,
    /// `true` for "utf-16"/"utf-32": byte order from a BOM, BOM written on output.
    pub unlabelled: bool,
}

impl Label {
    /// The BOMs that decide the byte order ("utf-16"/"utf-32") or, with `strip`, the
    /// BOM of a labelled encoding that is removed.
    pub fn boms(self, strip: bool) -> Vec<&'static [u8]> {
        match (self.unlabelled, self.bits()) {
            (true, 32) => vec![Encoding::Utf32Le.bom(), Encoding::Utf32Be.bom()],
            (true, _) => vec![Encoding::Utf16Le.bom(), Encoding::Utf16Be.bom()],
            (false, _) if strip => vec![self.encoding.bom()],
            (false, _) => vec![],
        }
    }

    /// The width in bits for [`Encoding::for_unlabelled`].
    pub fn bits(self) -> u32 {
        if self.encoding.unit_size() == 4 {
            32
        } else {
            16
        }
    }
}

/// Parses an encoding label: those of [`Encoding::parse_label`] plus the
/// byte-order-less "utf-16"/"utf-32" (and their other names, `u16`, `ucs-4`, ...),
/// which take the byte order from a BOM. The message of a bad label is
/// [`utfast::LabelError`]'s: the nearest known label, or the encoding it names
/// that utfast does not convert.
pub fn parse_label(label: &str) -> Result<Label, Failure> {
    match Encoding::parse_label(label) {
        Ok(encoding) => Ok(Label {
            encoding,
            unlabelled: false,
        }),
        Err(e) => match e.kind() {
            utfast::LabelErrorKind::NoByteOrder { unit_bits: 32 } => Ok(Label {
                encoding: Encoding::Utf32Le,
                unlabelled: true,
            }),
            utfast::LabelErrorKind::NoByteOrder { .. } => Ok(Label {
                encoding: Encoding::Utf16Le,
                unlabelled: true,
            }),
            _ => Err(Failure::Usage(e.to_string())),
        },
    }
}
