//! Output side of the transcoders: one [`Sink`] per target form.
//!
//! A sink appends one character at a time, all or nothing: when a character does not
//! fit, nothing of it is written and the sink reports [`ErrorKind::OutputTooSmall`].
//! This is what makes `written` and `valid_up_to` exact in every error.

use crate::error::ErrorKind;
use crate::types::{code_pages, Endian, Mode};

/// U+FFFD REPLACEMENT CHARACTER, emitted for ill-formed input in lossy mode.
pub(crate) const REPLACEMENT: u32 = 0xFFFD;

/// A byte order known at compile time, so that the hot loops are monomorphised.
pub(crate) trait Order {
    /// The runtime value of this byte order.
    const ENDIAN: Endian;

    #[inline(always)]
    fn read16(b: [u8; 2]) -> u16 {
        Self::ENDIAN.read_u16(b)
    }
    #[inline(always)]
    fn read32(b: [u8; 4]) -> u32 {
        Self::ENDIAN.read_u32(b)
    }
    #[inline(always)]
    fn write16(v: u16) -> [u8; 2] {
        Self::ENDIAN.write_u16(v)
    }
    #[inline(always)]
    fn write32(v: u32) -> [u8; 4] {
        Self::ENDIAN.write_u32(v)
    }
}

/// Little-endian byte order.
pub(crate) struct Le;
/// Big-endian byte order.
pub(crate) struct Be;

impl Order for Le {
    const ENDIAN: Endian = Endian::Little;
}
impl Order for Be {
    const ENDIAN: Endian = Endian::Big;
}

/// Where decoded characters go.
pub(crate) trait Sink {
    /// Whether the target holds a lone surrogate code point (UTF-16 as a lone unit,
    /// WTF-8 as a three-byte sequence): the WTF-8 decoder pushes lone surrogates to
    /// such sinks and reports them as errors to the others.
    const LONE_SURROGATES: bool = false;
    /// Whether the UTF-16 decoder passes unpaired surrogates through instead of
    /// reporting them (WTF-8 only: any 16-bit units have a WTF-8 form).
    const KEEP_UTF16_SURROGATES: bool = false;
    /// Bytes written so far.
    fn written(&self) -> usize;
    /// Appends the code point `cp`, or nothing at all on error (`OutputTooSmall`, or
    /// `NotLatin1` for a strict Latin-1 target). In trusted-valid mode `cp` may be
    /// garbage (a surrogate, or above U+10FFFF); it is then encoded in at most as
    /// many bytes as a supplementary character, never out of bounds.
    fn push(&mut self, cp: u32) -> Result<(), ErrorKind>;
    /// Appends ASCII bytes (all below 0x80), all or nothing; `false` if they do not fit.
    fn push_ascii(&mut self, ascii: &[u8]) -> bool;
}

/// The free part of `dst` after `pos`, if at least `n` bytes long.
#[inline(always)]
fn room(dst: &mut [u8], pos: usize, n: usize) -> Option<&mut [u8]> {
    dst.get_mut(pos..)?.get_mut(..n)
}

/// Writes UTF-8.
pub(crate) struct Utf8Sink<'a> {
    dst: &'a mut [u8],
    pos: usize,
}

impl<'a> Utf8Sink<'a> {
    pub(crate) fn new(dst: &'a mut [u8]) -> Self {
        Utf8Sink { dst, pos: 0 }
    }

    /// Appends `bytes` (one character's encoding, made by the caller), all or nothing.
    #[inline(always)]
    pub(crate) fn push_raw(&mut self, bytes: &[u8]) -> Result<(), ErrorKind> {
        let Some(d) = room(self.dst, self.pos, bytes.len()) else {
            return Err(ErrorKind::OutputTooSmall);
        };
        d.copy_from_slice(bytes);
        self.pos += bytes.len();
        Ok(())
    }
}

/// Encodes `cp` as UTF-8 into `buf`, returning the length (1..=4). Values above
/// U+10FFFF (garbage in trusted-valid mode) keep only their low 21 bits.
#[inline(always)]
pub(crate) fn encode_utf8(cp: u32, buf: &mut [u8; 4]) -> usize {
    if cp < 0x80 {
        buf[0] = cp as u8;
        1
    } else if cp < 0x800 {
        buf[0] = 0xC0 | (cp >> 6) as u8;
        buf[1] = 0x80 | (cp & 0x3F) as u8;
        2
    } else if cp < 0x10000 {
        buf[0] = 0xE0 | (cp >> 12) as u8;
        buf[1] = 0x80 | ((cp >> 6) & 0x3F) as u8;
        buf[2] = 0x80 | (cp & 0x3F) as u8;
        3
    } else {
        buf[0] = 0xF0 | ((cp >> 18) & 0x07) as u8;
        buf[1] = 0x80 | ((cp >> 12) & 0x3F) as u8;
        buf[2] = 0x80 | ((cp >> 6) & 0x3F) as u8;
        buf[3] = 0x80 | (cp & 0x3F) as u8;
        4
    }
}

impl Sink for Utf8Sink<'_> {
    #[inline(always)]
    fn written(&self) -> usize {
        self.pos
    }
    #[inline(always)]
    fn push(&mut self, cp: u32) -> Result<(), ErrorKind> {
        let n = if cp < 0x80 {
            1
        } else if cp < 0x800 {
            2
        } else if cp < 0x10000 {
            3
        } else {
            4
        };
        let Some(d) = room(self.dst, self.pos, n) else {
            return Err(ErrorKind::OutputTooSmall);
        };
        match d {
            [a] => *a = cp as u8,
            [a, b] => {
                *a = 0xC0 | (cp >> 6) as u8;
                *b = 0x80 | (cp & 0x3F) as u8;
            }
            [a, b, c] => {
                *a = 0xE0 | (cp >> 12) as u8;
                *b = 0x80 | ((cp >> 6) & 0x3F) as u8;
                *c = 0x80 | (cp & 0x3F) as u8;
            }
            _ => {
                let mut buf = [0u8; 4];
                encode_utf8(cp, &mut buf);
                d.copy_from_slice(&buf[..d.len()]);
            }
        }
        self.pos += n;
        Ok(())
    }
    #[inline(always)]
    fn push_ascii(&mut self, ascii: &[u8]) -> bool {
        let Some(d) = room(self.dst, self.pos, ascii.len()) else {
            return false;
        };
        d.copy_from_slice(ascii);
        self.pos += ascii.len();
        true
    }
}

/// Writes UTF-16 in byte order `O`.
pub(crate) struct Utf16Sink<'a, O> {
    dst: &'a mut [u8],
    pos: usize,
    _order: core::marker::PhantomData<O>,
}

impl<'a, O: Order> Utf16Sink<'a, O> {
    pub(crate) fn new(dst: &'a mut [u8]) -> Self {
        Utf16Sink {
            dst,
            pos: 0,
            _order: core::marker::PhantomData,
        }
    }
}

impl<O: Order> Sink for Utf16Sink<'_, O> {
    const LONE_SURROGATES: bool = true;
    #[inline(always)]
    fn written(&self) -> usize {
        self.pos
    }
    #[inline(always)]
    fn push(&mut self, cp: u32) -> Result<(), ErrorKind> {
        if cp < 0x10000 {
            let Some(d) = room(self.dst, self.pos, 2) else {
                return Err(ErrorKind::OutputTooSmall);
            };
            d.copy_from_slice(&O::write16(cp as u16));
            self.pos += 2;
        } else {
            let Some(d) = room(self.dst, self.pos, 4) else {
                return Err(ErrorKind::OutputTooSmall);
            };
            let v = cp - 0x10000;
            let hi = 0xD800 | ((v >> 10) & 0x3FF) as u16;
            let lo = 0xDC00 | (v & 0x3FF) as u16;
            d[..2].copy_from_slice(&O::write16(hi));
            d[2..].copy_from_slice(&O::write16(lo));
            self.pos += 4;
        }
        Ok(())
    }
    #[inline(always)]
    fn push_ascii(&mut self, ascii: &[u8]) -> bool {
        let Some(d) = room(self.dst, self.pos, 2 * ascii.len()) else {
            return false;
        };
        for (out, &b) in d.chunks_exact_mut(2).zip(ascii) {
            out.copy_from_slice(&O::write16(u16::from(b)));
        }
        self.pos += 2 * ascii.len();
        true
    }
}

/// Writes UTF-32 in byte order `O`.
pub(crate) struct Utf32Sink<'a, O> {
    dst: &'a mut [u8],
    pos: usize,
    _order: core::marker::PhantomData<O>,
}

impl<'a, O: Order> Utf32Sink<'a, O> {
    pub(crate) fn new(dst: &'a mut [u8]) -> Self {
        Utf32Sink {
            dst,
            pos: 0,
            _order: core::marker::PhantomData,
        }
    }
}

impl<O: Order> Sink for Utf32Sink<'_, O> {
    #[inline(always)]
    fn written(&self) -> usize {
        self.pos
    }
    #[inline(always)]
    fn push(&mut self, cp: u32) -> Result<(), ErrorKind> {
        let Some(d) = room(self.dst, self.pos, 4) else {
            return Err(ErrorKind::OutputTooSmall);
        };
        d.copy_from_slice(&O::write32(cp));
        self.pos += 4;
        Ok(())
    }
    #[inline(always)]
    fn push_ascii(&mut self, ascii: &[u8]) -> bool {
        let Some(d) = room(self.dst, self.pos, 4 * ascii.len()) else {
            return false;
        };
        for (out, &b) in d.chunks_exact_mut(4).zip(ascii) {
            out.copy_from_slice(&O::write32(u32::from(b)));
        }
        self.pos += 4 * ascii.len();
        true
    }
}

/// Writes Latin-1: strict mode rejects characters above U+00FF (`NotLatin1`), lossy
/// mode writes `?` for them, trusted-valid mode keeps their low byte.
pub(crate) struct Latin1Sink<'a> {
    dst: &'a mut [u8],
    pos: usize,
    mode: Mode,
}

impl<'a> Latin1Sink<'a> {
    pub(crate) fn new(dst: &'a mut [u8], mode: Mode) -> Self {
        Latin1Sink { dst, pos: 0, mode }
    }
}

impl Sink for Latin1Sink<'_> {
    #[inline(always)]
    fn written(&self) -> usize {
        self.pos
    }
    #[inline(always)]
    fn push(&mut self, cp: u32) -> Result<(), ErrorKind> {
        let b = if cp <= 0xFF {
            cp as u8
        } else {
            match self.mode {
                Mode::Strict => return Err(ErrorKind::NotLatin1),
                Mode::Lossy => b'?',
                Mode::Valid => cp as u8,
            }
        };
        let Some(d) = self.dst.get_mut(self.pos) else {
            return Err(ErrorKind::OutputTooSmall);
        };
        *d = b;
        self.pos += 1;
        Ok(())
    }
    #[inline(always)]
    fn push_ascii(&mut self, ascii: &[u8]) -> bool {
        let Some(d) = room(self.dst, self.pos, ascii.len()) else {
            return false;
        };
        d.copy_from_slice(ascii);
        self.pos += ascii.len();
        true
    }
}

/// Writes nothing: counts the bytes that the conversion into `to` would write. Used
/// by [`super::lossy_output_len`] with the decoders of lossy mode, so that the count
/// is the length of the real lossy output by construction. Never full.
/// `WTF8`: the target is WTF-8, which holds lone surrogates (see
/// [`Sink::LONE_SURROGATES`]).
pub(crate) struct CountSink<const WTF8: bool> {
    to: crate::types::Encoding,
    len: usize,
}

impl<const WTF8: bool> CountSink<WTF8> {
    pub(crate) fn new(to: crate::types::Encoding) -> Self {
        CountSink { to, len: 0 }
    }
}

impl<const WTF8: bool> Sink for CountSink<WTF8> {
    const LONE_SURROGATES: bool = WTF8;
    const KEEP_UTF16_SURROGATES: bool = WTF8;
    #[inline(always)]
    fn written(&self) -> usize {
        self.len
    }
    #[inline(always)]
    fn push(&mut self, cp: u32) -> Result<(), ErrorKind> {
        use crate::types::Encoding::*;
        self.len += match self.to {
            Utf8 => match cp {
                0..0x80 => 1,
                0x80..0x800 => 2,
                0x800..0x10000 => 3,
                _ => 4,
            },
            Utf16Le | Utf16Be => {
                if cp < 0x10000 {
                    2
                } else {
                    4
                }
            }
            Utf32Le | Utf32Be => 4,
            // A character above U+00FF becomes one `?` in lossy mode.
            Latin1 => 1,
            // Code pages: one byte per character, `?` for the ones missing.
            code_pages!() => 1,
            // WTF-8: UTF-8 with lone surrogates as three bytes.
            Wtf8 => match cp {
                0..0x80 => 1,
                0x80..0x800 => 2,
                0x800..0x10000 => 3,
                _ => 4,
            },
            // CESU-8: a supplementary character is two three-byte surrogates; MUTF-8
            // writes U+0000 as C0 80.
            Cesu8 | Mutf8 => match cp {
                0 if self.to == Mutf8 => 2,
                0..0x80 => 1,
                0x80..0x800 => 2,
                0x800..0x10000 => 3,
                _ => 6,
            },
        };
        Ok(())
    }
    #[inline(always)]
    fn push_ascii(&mut self, ascii: &[u8]) -> bool {
        self.len += ascii.len() * self.to.unit_size();
        if self.to == crate::types::Encoding::Mutf8 {
            // U+0000 is C0 80 in MUTF-8.
            self.len += ascii.iter().filter(|&&b| b == 0).count();
        }
        true
    }
}
