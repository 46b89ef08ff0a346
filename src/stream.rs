//! Streaming UTF-8 validation: [`Utf8Validator`] checks text that arrives in chunks
//! of any size, with sequences split across chunk boundaries, without allocating.

use utfast_scalar::utf8::classify_error;
use utfast_scalar::Utf8Error;

/// Incremental UTF-8 validator: feed chunks with [`update`](Self::update), get the
/// result with [`finish`](Self::finish).
///
/// The result is exactly what [`core::str::from_utf8`] would report on the
/// concatenation of all chunks: `valid_up_to()` counts bytes from the start of the
/// stream, `error_len()` is the length of the invalid maximal subpart, and `None`
/// only if the stream ends inside an incomplete sequence. Large chunks are checked
/// with the active SIMD kernel; at most 3 bytes of an unfinished sequence are
/// carried between chunks. Input after the first error is ignored.
///
/// ```
/// use utfast::Utf8Validator;
/// let mut v = Utf8Validator::new();
/// for chunk in ["gr\u{fc}".as_bytes(), b"\xC3", b"\x9Fe \xF0\x9F", b"\x98\x80"] {
///     v.update(chunk);
/// }
/// assert!(v.finish().is_ok()); // "grüße 😀" split inside 'ß' and '😀'
///
/// let mut v = Utf8Validator::default();
/// v.update(b"ok \xE2\x82");
/// v.update(b"!");
/// let e = v.finish().unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (3, Some(2)));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Utf8Validator {
    /// Bytes of the stream before `carry` (all of them valid).
    consumed: usize,
    /// The start of a sequence that the chunks so far did not complete.
    carry: [u8; 4],
    carry_len: u8,
    /// The first error (final: later input is ignored).
    error: Option<Utf8Error>,
}

/// Length of the sequence a byte starts (1 for ASCII and for bytes that cannot
/// start a multi-byte sequence, which are never carried).
#[inline]
fn sequence_len(lead: u8) -> usize {
    match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 1,
    }
}

/// Number of bytes at the end of `s` (0..=3) that start a sequence `s` does not complete.
#[inline]
fn incomplete_tail(s: &[u8]) -> usize {
    for back in 1..=s.len().min(3) {
        let b = s[s.len() - back];
        if b & 0xC0 != 0x80 {
            return if sequence_len(b) > back { back } else { 0 };
        }
    }
    0
}

fn shifted(e: Utf8Error, by: usize) -> Utf8Error {
    let len = e.error_len().map(|n| n as u8);
    Utf8Error::new(by + e.valid_up_to(), len, e.kind())
}

impl Utf8Validator {
    /// A validator at the start of a stream.
    ///
    /// ```
    /// assert!(utfast::Utf8Validator::new().finish().is_ok()); // empty stream
    /// ```
    pub const fn new() -> Self {
        Utf8Validator {
            consumed: 0,
            carry: [0; 4],
            carry_len: 0,
            error: None,
        }
    }

    /// Validates the next chunk of the stream (any length, empty included).
    ///
    /// ```
    /// let mut v = utfast::Utf8Validator::new();
    /// v.update(b"\xF0");
    /// v.update(b"\x9F\x98");
    /// assert_eq!(v.error(), None); // still incomplete, not yet an error
    /// v.update(b"\x80");
    /// assert!(v.finish().is_ok());
    /// ```
    pub fn update(&mut self, mut chunk: &[u8]) {
        if self.error.is_some() {
            return;
        }
        if self.carry_len > 0 {
            let have = usize::from(self.carry_len);
            let need = sequence_len(self.carry[0]);
            let take = (need - have).min(chunk.len());
            self.carry[have..have + take].copy_from_slice(&chunk[..take]);
            chunk = &chunk[take..];
            let len = have + take;
            match utfast_scalar::utf8::validate_utf8(&self.carry[..len]) {
                Ok(()) => {
                    self.consumed += len;
                    self.carry_len = 0;
                }
                Err(e) if e.error_len().is_none() => {
                    // The chunk ended before the sequence did.
                    self.carry_len = len as u8;
                    return;
                }
                Err(e) => {
                    self.error = Some(shifted(e, self.consumed));
                    return;
                }
            }
        }
        let (body, tail) = chunk.split_at(chunk.len() - incomplete_tail(chunk));
        if let Err(e) = crate::validate_utf8(body) {
            let at = e.valid_up_to();
            let e = if e.error_len().is_none() {
                // Incomplete at the end of `body`, but `tail` follows: classify with it.
                let (kind, len) = classify_error(&chunk[at..]);
                Utf8Error::new(at, len, kind)
            } else {
                e
            };
            self.error = Some(shifted(e, self.consumed));
            return;
        }
        self.consumed += body.len();
        if tail.is_empty() {
            return;
        }
        match utfast_scalar::utf8::validate_utf8(tail) {
            Err(e) if e.error_len().is_none() && e.valid_up_to() == 0 => {
                self.carry[..tail.len()].copy_from_slice(tail);
                self.carry_len = tail.len() as u8;
            }
            Err(e) => self.error = Some(shifted(e, self.consumed)),
            // Not reached (`tail` is an unfinished sequence), but harmless.
            Ok(()) => self.consumed += tail.len(),
        }
    }

    /// The number of bytes from the start of the stream that are known to be valid
    /// so far: everything fed in, except an unfinished sequence at the end (which
    /// the next chunk may complete) and anything from the first error on.
    ///
    /// ```
    /// let mut v = utfast::Utf8Validator::new();
    /// v.update(b"ab\xE2\x82");
    /// assert_eq!(v.valid_up_to(), 2);
    /// v.update(b"\xAC!");
    /// assert_eq!(v.valid_up_to(), 6);
    /// ```
    pub fn valid_up_to(&self) -> usize {
        match self.error {
            Some(e) => e.valid_up_to(),
            None => self.consumed,
        }
    }

    /// The first error found so far, if any. An unfinished sequence at the end of the
    /// chunks seen so far is not an error yet (it may be completed by the next chunk).
    ///
    /// ```
    /// let mut v = utfast::Utf8Validator::new();
    /// v.update(b"ab\xFF");
    /// assert_eq!(v.error().map(|e| e.valid_up_to()), Some(2));
    /// ```
    pub fn error(&self) -> Option<Utf8Error> {
        self.error
    }

    /// Ends the stream: `Ok` if all chunks together are valid UTF-8, otherwise the
    /// error `core::str::from_utf8` would report on their concatenation (an unfinished
    /// sequence at the end gives `error_len() == None`).
    ///
    /// ```
    /// let mut v = utfast::Utf8Validator::new();
    /// v.update(b"abc\xE2\x82");
    /// let e = v.finish().unwrap_err();
    /// assert_eq!((e.valid_up_to(), e.error_len()), (3, None));
    /// ```
    pub fn finish(self) -> Result<(), Utf8Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if self.carry_len > 0 {
            let (kind, len) = classify_error(&self.carry[..usize::from(self.carry_len)]);
            return Err(Utf8Error::new(self.consumed, len, kind));
        }
        Ok(())
    }
}
