//! [`Lookup128`], the 128-entry table look-up of the code page transcoders: a trait of
//! the vector layer (`crate::vector_ext`, one implementation per register type next
//! to the other per-register primitives), named here for the generic code.

pub(crate) use crate::vector_ext::Lookup128;
