//! Streaming transcoding: [`Transcoder`] converts a stream that arrives in chunks.
//!
//! The one-shot transcoders need the whole input at once. A [`Transcoder`] accepts the
//! input in pieces of any size, split anywhere (inside a UTF-8 sequence, a UTF-16 unit
//! or a surrogate pair), and writes to output buffers of any size (even one byte).
//! The concatenated output is exactly what the one-shot conversion of the whole input
//! produces, in every [`Mode`], and a strict-mode error is reported at the same
//! position, counted in bytes from the start of the whole stream.
//!
//! How it works: each call converts the longest prefix of the input that ends on a
//! character boundary with the active kernel (one call, at full speed). A character
//! that is cut by the end of the chunk (at most 3 bytes: a UTF-8 prefix, an odd byte,
//! a high surrogate waiting for its partner) is carried to the next call; it is an
//! error (strict) or one U+FFFD (lossy) only when the caller says the input ended
//! (`last == true`). With BOM handling, the first bytes of the stream wait only while
//! they are a proper prefix of an accepted BOM. When the output buffer cannot hold the
//! next character, that character is converted into a 16-byte internal buffer and
//! handed out over the following calls, so any non-empty output buffer makes progress.

use utfast_scalar::{Encoding, Endian, ErrorKind, Mode};
use utfast_simd::Kernel;

/// What a leading byte-order mark in the input means to a [`Transcoder`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BomHandling {
    /// A leading BOM is an ordinary character (U+FEFF) and is converted like any other.
    /// This is how the labelled encodings (`UTF-16LE`, `UTF-8`, ...) are defined.
    #[default]
    Keep,
    /// A leading BOM of the source encoding is removed; anything else is text.
    Strip,
    /// For the unlabelled forms "UTF-16" and "UTF-32": a leading BOM of either byte
    /// order selects the byte order and is removed; without a BOM the byte order of
    /// the `from` encoding given to [`Transcoder::new`] is used (pass `Utf16Le` or
    /// `Utf32Le` for the usual little-endian default). For UTF-8 this is [`Strip`];
    /// for Latin-1, [`Keep`].
    ///
    /// [`Strip`]: BomHandling::Strip
    /// [`Keep`]: BomHandling::Keep
    Sniff,
}

/// Why [`Transcoder::transcode`] returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// All of `src` was consumed, and every character whose bytes have all arrived was
    /// converted and written. Only two things are carried inside the transcoder for
    /// the next call: a character cut by the end of `src`, and, at the start of a
    /// stream with [`BomHandling::Strip`] or [`Sniff`](BomHandling::Sniff), bytes that
    /// are still a proper prefix of a BOM (`EF BB` for UTF-8; `FF FE 00` when sniffing
    /// UTF-32). When `last` was `true`, the conversion is complete.
    InputEmpty,
    /// `dst` is full (or holds all it could): call again with more output space and
    /// the unconsumed rest of `src`.
    OutputFull,
    /// Strict mode only: the input is ill-formed (or, for a Latin-1 target, holds a
    /// character above U+00FF). Everything before the error was converted and written.
    /// The erroneous bytes are not consumed: calling again reports the same error.
    Malformed {
        /// Byte offset of the error from the start of the whole input stream
        /// (a byte-order mark included).
        offset: u64,
        /// What is wrong.
        kind: ErrorKind,
    },
}

/// The longest character in any encoding: a CESU-8/MUTF-8 surrogate pair.
const MAX_CHAR: usize = 6;
/// Scratch space for one character's output: `MAX_CHAR` input bytes, at most 4
/// output bytes each.
const PENDING_CAP: usize = 4 * MAX_CHAR;

/// A streaming converter from one encoding to another.
///
/// ```
/// use utfast::{Encoding, Mode, Status, Transcoder};
/// let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, Mode::Strict);
/// let mut out = [0u8; 16];
/// // "é" (C3 A9) cut in two.
/// assert_eq!(t.transcode(b"a\xC3", &mut out, false), (Status::InputEmpty, 2, 2));
/// assert_eq!(t.transcode(b"\xA9", &mut out[2..], true), (Status::InputEmpty, 1, 2));
/// assert_eq!(&out[..4], b"a\x00\xE9\x00");
/// ```
#[derive(Debug, Clone)]
pub struct Transcoder {
    from: Encoding,
    to: Encoding,
    mode: Mode,
    bom: BomHandling,
    bom_pending: bool,
    bom_skipped: usize,
    kernel: &'static Kernel,
    /// Bytes waiting for more input: a cut character, or the first bytes of the stream
    /// while they may still begin a BOM (and, once that is decided, until converted).
    carry: [u8; 8],
    carry_len: usize,
    /// Converted output that did not fit in `dst` yet.
    pending: [u8; PENDING_CAP],
    pending_start: usize,
    pending_end: usize,
    /// Stream offset of the first input byte not converted yet (the carry's first byte).
    pos: u64,
}

/// Outcome of converting a run of whole characters.
struct Step {
    consumed: usize,
    written: usize,
    stop: Option<Status>,
}

impl Transcoder {
    /// A transcoder from `from` to `to` in `mode`, with [`BomHandling::Keep`], using the
    /// active kernel.
    ///
    /// ```
    /// # use utfast::{Encoding, Mode, Transcoder};
    /// let t = Transcoder::new(Encoding::Utf16Be, Encoding::Utf8, Mode::Lossy);
    /// assert_eq!(t.from(), Encoding::Utf16Be);
    /// ```
    pub fn new(from: Encoding, to: Encoding, mode: Mode) -> Self {
        Transcoder {
            from,
            to,
            mode,
            bom: BomHandling::Keep,
            bom_pending: false,
            bom_skipped: 0,
            kernel: utfast_simd::active(),
            carry: [0; 8],
            carry_len: 0,
            pending: [0; PENDING_CAP],
            pending_start: 0,
            pending_end: 0,
            pos: 0,
        }
    }

    /// Sets how a leading byte-order mark is treated (before the first call).
    ///
    /// The BOM is decided at the first byte that rules it out: the transcoder holds
    /// bytes back only while they are a proper prefix of a BOM the handling accepts,
    /// so `"abc"` comes out of the call that brings it, and an invalid first byte is
    /// an error in that call, even when the stream goes on.
    ///
    /// ```
    /// # use utfast::{BomHandling, Encoding, Mode, Status, Transcoder};
    /// let mut t = Transcoder::new(Encoding::Utf16Le, Encoding::Utf8, Mode::Strict)
    ///     .with_bom(BomHandling::Sniff);
    /// let mut out = [0u8; 8];
    /// assert_eq!(t.transcode(b"\xFE\xFF\x00A", &mut out, true), (Status::InputEmpty, 4, 1));
    /// assert_eq!(&out[..1], b"A");
    /// assert_eq!(t.from(), utfast::Encoding::Utf16Be);
    ///
    /// // UTF-8 with `Strip`: "EF BB" may begin a BOM and waits; "ab" cannot and comes out.
    /// let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, Mode::Strict)
    ///     .with_bom(BomHandling::Strip);
    /// assert_eq!(t.transcode(b"\xEF\xBB", &mut out, false), (Status::InputEmpty, 2, 0));
    /// assert_eq!(t.transcode(b"\xBFab", &mut out, false), (Status::InputEmpty, 3, 2));
    /// assert_eq!(&out[..2], b"ab");
    /// ```
    pub fn with_bom(mut self, bom: BomHandling) -> Self {
        self.bom = bom;
        self.bom_pending = self.bom != BomHandling::Keep && self.pos == 0 && self.carry_len == 0;
        self
    }

    /// Uses `kernel` instead of the active one (e.g. to test every kernel).
    ///
    /// ```
    /// # use utfast::{Encoding, Mode, Transcoder};
    /// let t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, Mode::Strict)
    ///     .with_kernel(&utfast_simd::SCALAR);
    /// # let _ = t;
    /// ```
    pub fn with_kernel(mut self, kernel: &'static Kernel) -> Self {
        self.kernel = kernel;
        self
    }

    /// The source encoding (after BOM sniffing, the byte order the BOM selected).
    pub fn from(&self) -> Encoding {
        self.from
    }

    /// The target encoding.
    pub fn to(&self) -> Encoding {
        self.to
    }

    /// Length in bytes of the byte-order mark removed from the input (0 if none).
    ///
    /// ```
    /// # use utfast::{BomHandling, Encoding, Mode, Transcoder};
    /// let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, Mode::Strict)
    ///     .with_bom(BomHandling::Strip);
    /// let mut out = [0u8; 8];
    /// t.transcode(b"\xEF\xBB\xBFhi", &mut out, true);
    /// assert_eq!(t.bom_skipped(), 3);
    /// ```
    pub fn bom_skipped(&self) -> usize {
        self.bom_skipped
    }

    /// Stream offset of the first input byte not converted yet.
    pub fn position(&self) -> u64 {
        self.pos
    }

    /// Forgets all state, ready for a new stream (the BOM option is kept).
    pub fn reset(&mut self) {
        *self = Transcoder::new(self.from, self.to, self.mode)
            .with_kernel(self.kernel)
            .with_bom(self.bom);
    }

    /// Converts the next piece `src` of the input stream into `dst`.
    ///
    /// Returns the status, the number of bytes of `src` consumed and the number of
    /// bytes written to `dst`. Set `last` when `src` ends the stream (it may be empty);
    /// only then is a character cut at the end an error. Call again with the rest of
    /// the input after [`Status::OutputFull`]. Any `dst` of at least one byte makes
    /// progress. After a call with `last == true` has returned [`Status::InputEmpty`]
    /// the stream is complete; [`reset`](Self::reset) before reusing the transcoder.
    ///
    /// ```
    /// use utfast::{ErrorKind, Encoding, Mode, Status, Transcoder};
    /// let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, Mode::Strict);
    /// let mut out = [0u8; 16];
    /// assert_eq!(t.transcode(b"ok\xF0\x9F", &mut out, false), (Status::InputEmpty, 4, 2));
    /// let (status, read, written) = t.transcode(b"", &mut out, true);
    /// assert_eq!(status, Status::Malformed { offset: 2, kind: ErrorKind::TooShort });
    /// assert_eq!((read, written), (0, 0));
    /// ```
    pub fn transcode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> (Status, usize, usize) {
        let mut written = self.flush_pending(dst);
        if self.pending_start < self.pending_end {
            return (Status::OutputFull, 0, written);
        }
        let mut read = 0;

        if self.bom_pending {
            // Take bytes only while they may still begin a BOM: the first byte that
            // rules every BOM out decides, and everything after it is text.
            while read < src.len() && self.bom_open() {
                self.carry[self.carry_len] = src[read];
                self.carry_len += 1;
                read += 1;
            }
            if self.bom_open() && !last {
                return (Status::InputEmpty, read, written);
            }
            self.resolve_bom();
        }

        // Finish what the carry holds (a character cut by the previous call, or the
        // first bytes of the stream once the BOM is decided), together with the first
        // bytes of `src`.
        while self.carry_len > 0 {
            let carried = self.carry_len;
            let n = (src.len() - read).min(MAX_CHAR);
            let mut tmp = [0u8; 16];
            tmp[..carried].copy_from_slice(&self.carry[..carried]);
            tmp[carried..carried + n].copy_from_slice(&src[read..read + n]);
            let len = carried + n;
            let at_end = last && read + n == src.len();
            let body = if at_end {
                len
            } else {
                len - incomplete_suffix_len(self.from, &tmp[..len])
            };
            if body == 0 && n == 0 {
                // Only a cut character, and `src` is exhausted: wait for more input.
                break;
            }
            let step = self.convert(&tmp[..body], &mut dst[written..]);
            written += step.written;
            self.pos += step.consumed as u64;
            let c = step.consumed;
            if let Some(status) = step.stop {
                if c >= carried {
                    self.carry_len = 0;
                    read += c - carried;
                } else {
                    self.carry.copy_within(c..carried, 0);
                    self.carry_len = carried - c;
                }
                return (status, read, written);
            }
            if body >= carried {
                // The carried bytes are done; the rest of `src` is converted below.
                self.carry_len = 0;
                read += body - carried;
            } else {
                // What is left is a cut character: carry it, with all of `src` taken.
                self.carry[..len - body].copy_from_slice(&tmp[body..len]);
                self.carry_len = len - body;
                read += n;
            }
            if at_end {
                break;
            }
        }
        if self.carry_len > 0 {
            // `src` is exhausted and the stream goes on.
            return (Status::InputEmpty, read, written);
        }

        let rest = &src[read..];
        let body = if last {
            rest.len()
        } else {
            rest.len() - incomplete_suffix_len(self.from, rest)
        };
        let step = self.convert(&rest[..body], &mut dst[written..]);
        written += step.written;
        self.pos += step.consumed as u64;
        read += step.consumed;
        if let Some(status) = step.stop {
            return (status, read, written);
        }
        let tail = rest.len() - body;
        self.carry[..tail].copy_from_slice(&rest[body..]);
        self.carry_len = tail;
        (Status::InputEmpty, src.len(), written)
    }

    /// Converts `input`, which ends on a character boundary (or ends the stream).
    fn convert(&mut self, input: &[u8], dst: &mut [u8]) -> Step {
        let e = match self
            .kernel
            .transcode(input, dst, self.from, self.to, self.mode)
        {
            Ok(written) => {
                return Step {
                    consumed: input.len(),
                    written,
                    stop: None,
                }
            }
            Err(e) => e,
        };
        let (mut consumed, mut written) = (e.valid_up_to(), e.written());
        if !e.is_output_too_small() {
            return Step {
                consumed,
                written,
                stop: Some(self.malformed(consumed, e.kind())),
            };
        }
        // The next character does not fit: convert it (and what follows it within 4
        // bytes) into `pending` and hand out what fits.
        let rest = &input[consumed..];
        let piece_len = rest.len().min(MAX_CHAR);
        let piece = &rest[..piece_len];
        let piece_len = if piece_len == rest.len() {
            piece_len
        } else {
            piece_len - incomplete_suffix_len(self.from, piece)
        };
        let mut scratch = [0u8; PENDING_CAP];
        let (took, made, error) = match self.kernel.transcode(
            &piece[..piece_len],
            &mut scratch,
            self.from,
            self.to,
            self.mode,
        ) {
            Ok(made) => (piece_len, made, None),
            Err(e) => (e.valid_up_to(), e.written(), Some(e.kind())),
        };
        debug_assert!(error != Some(ErrorKind::OutputTooSmall));
        self.pending[..made].copy_from_slice(&scratch[..made]);
        self.pending_start = 0;
        self.pending_end = made;
        consumed += took;
        written += self.flush_pending(&mut dst[written..]);
        let stop = match error {
            Some(kind) if self.pending_start == self.pending_end => self.malformed(consumed, kind),
            _ => Status::OutputFull,
        };
        Step {
            consumed,
            written,
            stop: Some(stop),
        }
    }

    fn malformed(&self, consumed: usize, kind: ErrorKind) -> Status {
        Status::Malformed {
            offset: self.pos + consumed as u64,
            kind,
        }
    }

    fn flush_pending(&mut self, dst: &mut [u8]) -> usize {
        let n = (self.pending_end - self.pending_start).min(dst.len());
        dst[..n].copy_from_slice(&self.pending[self.pending_start..self.pending_start + n]);
        self.pending_start += n;
        n
    }

    /// The encodings whose byte-order mark the BOM handling accepts (each selects its
    /// own byte order).
    fn accepted_boms(&self) -> impl Iterator<Item = Encoding> {
        let (le, be) = match (self.bom, self.from) {
            (BomHandling::Keep, _) => (None, None),
            (BomHandling::Sniff, Encoding::Utf16Le | Encoding::Utf16Be) => {
                (Some(Encoding::Utf16Le), Some(Encoding::Utf16Be))
            }
            (BomHandling::Sniff, Encoding::Utf32Le | Encoding::Utf32Be) => {
                (Some(Encoding::Utf32Le), Some(Encoding::Utf32Be))
            }
            (_, from) => (Some(from), None),
        };
        le.into_iter().chain(be).filter(|e| !e.bom().is_empty())
    }

    /// Whether the carry (the first bytes of the stream) is a proper prefix of a BOM
    /// that the BOM handling accepts: only then may more input still make it one.
    fn bom_open(&self) -> bool {
        let head = &self.carry[..self.carry_len];
        self.accepted_boms()
            .any(|e| head.len() < e.bom().len() && e.bom().starts_with(head))
    }

    /// Decides the BOM question on the carry, which holds the first bytes of the
    /// stream: a whole accepted BOM (taken byte by byte, so the carry is exactly the
    /// BOM) is removed and selects its byte order; anything else is text.
    fn resolve_bom(&mut self) {
        self.bom_pending = false;
        let head = &self.carry[..self.carry_len];
        let Some(enc) = self.accepted_boms().find(|e| head == e.bom()) else {
            return;
        };
        let n = enc.bom().len();
        self.from = enc;
        self.carry_len = 0;
        self.pos += n as u64;
        self.bom_skipped = n;
    }
}

/// Length of the cut character at the end of `src`: the bytes that more input could
/// still turn into a well-formed character (0..=3). A chunked reader converts or
/// validates `src[..src.len() - incomplete_suffix_len(..)]` and keeps the rest for the
/// next chunk; the split never changes the result.
///
/// - UTF-8: a lead byte followed by fewer continuation bytes than it needs, all in the
///   ranges allowed after it (`E0 A0`, not `E0 80`, which is already an error).
/// - UTF-16: an odd trailing byte, and a high surrogate right before it or at the end.
/// - UTF-32: 1..3 trailing bytes. Latin-1 and the Cyrillic code pages: nothing.
///
/// ```
/// use utfast::{incomplete_suffix_len, Encoding};
/// assert_eq!(incomplete_suffix_len(Encoding::Utf8, b"a\xF0\x9F\x98"), 3);
/// assert_eq!(incomplete_suffix_len(Encoding::Utf8, b"a\xE0\x80"), 0);
/// assert_eq!(incomplete_suffix_len(Encoding::Utf16Le, b"a\x00\x3D\xD8\x00"), 3);
/// assert_eq!(incomplete_suffix_len(Encoding::Utf32Be, b"\x00\x00\x00a\x00"), 1);
/// ```
pub fn incomplete_suffix_len(encoding: Encoding, src: &[u8]) -> usize {
    match encoding {
        Encoding::Utf8 => utf8_incomplete_suffix_len(src),
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let endian = encoding.endian().unwrap_or(Endian::Little);
            let odd = src.len() % 2;
            let even = src.len() - odd;
            if even >= 2 {
                let unit = endian.read_u16([src[even - 2], src[even - 1]]);
                if (0xD800..0xDC00).contains(&unit) {
                    return odd + 2;
                }
            }
            odd
        }
        Encoding::Utf32Le | Encoding::Utf32Be => src.len() % 4,
        Encoding::Latin1 => 0,
        // Code pages: one byte per character.
        e if utfast_scalar::CodePage::of(e).is_some() => 0,
        // WTF-8, CESU-8, MUTF-8
        Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => match crate::wtf8::flavor(encoding) {
            Some(f) => crate::wtf8::incomplete_suffix_len(src, f),
            None => 0,
        },
        // non_exhaustive: an encoding added to utfast-scalar; review this function
        // when adding one (the test `every_encoding_is_reviewed` fails until then).
        _ => 0,
    }
}

fn utf8_incomplete_suffix_len(src: &[u8]) -> usize {
    let n = src.len();
    for i in 1..=n.min(3) {
        let b = src[n - i];
        if (0x80..=0xBF).contains(&b) {
            continue;
        }
        let (need, lo, hi) = match b {
            0xC2..=0xDF => (2, 0x80, 0xBF),
            0xE0 => (3, 0xA0, 0xBF),
            0xED => (3, 0x80, 0x9F),
            0xE1..=0xEF => (3, 0x80, 0xBF),
            0xF0 => (4, 0x90, 0xBF),
            0xF4 => (4, 0x80, 0x8F),
            0xF1..=0xF3 => (4, 0x80, 0xBF),
            _ => return 0,
        };
        if need <= i {
            return 0;
        }
        if i >= 2 && !(lo..=hi).contains(&src[n - i + 1]) {
            return 0;
        }
        return i;
    }
    0
}
