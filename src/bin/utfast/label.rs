//! Encoding labels on the command line: those of [`Encoding::from_label`] plus the
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

/// Parses an encoding label: those of [`Encoding::from_label`] plus "utf-16"/"utf-32".
pub fn parse_label(label: &str) -> Result<Label, Failure> {
    let l = label.trim();
    let unlabelled = |encoding| {
        Ok(Label {
            encoding,
            unlabelled: true,
        })
    };
    if l.eq_ignore_ascii_case("utf-16") || l.eq_ignore_ascii_case("utf16") {
        return unlabelled(Encoding::Utf16Le);
    }
    if l.eq_ignore_ascii_case("utf-32") || l.eq_ignore_ascii_case("utf32") {
        return unlabelled(Encoding::Utf32Le);
    }
    match Encoding::from_label(l) {
        Some(encoding) => Ok(Label {
            encoding,
            unlabelled: false,
        }),
        None => Err(Failure::Usage(format!(
            "unknown encoding '{label}' (known: utf-8, utf-16, utf-16le, utf-16be, utf-32, \
             utf-32le, utf-32be, latin1)"
        ))),
    }
}
