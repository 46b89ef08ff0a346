//! `std::io` adapters: transcode or validate while reading or writing.
//!
//! Errors in the data surface as [`std::io::Error`]s of kind
//! [`InvalidData`](std::io::ErrorKind::InvalidData) that carry a [`DecodeError`]
//! (stream offset, kind, encoding); get it back with
//! `err.get_ref().and_then(|e| e.downcast_ref::<DecodeError>())`.
//! All adapters work in bounded memory (fixed 64 KiB buffers).

extern crate std;

use crate::stream::Utf8Validator;
use crate::transcoder::{Status, Transcoder};
use core::fmt;
use std::io::{self, Read, Write};
use std::vec;
use std::vec::Vec;
use utfast_scalar::{Encoding, ErrorKind, Mode, Utf8Error};

const BUF_SIZE: usize = 64 * 1024;

/// Ill-formed input found by a streaming adapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DecodeError {
    /// Byte offset of the error from the start of the stream.
    pub offset: u64,
    /// What is wrong.
    pub kind: ErrorKind,
    /// The encoding of the input.
    pub encoding: Encoding,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if matches!(self.kind, ErrorKind::NotLatin1 | ErrorKind::NotInCodePage) {
            write!(
                f,
                "{} input at byte {} cannot be converted: {}",
                self.encoding, self.offset, self.kind
            )
        } else {
            write!(
                f,
                "invalid {} at byte {}: {}",
                self.encoding, self.offset, self.kind
            )
        }
    }
}

impl std::error::Error for DecodeError {}

impl From<DecodeError> for io::Error {
    fn from(e: DecodeError) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, e)
    }
}

/// A reader that converts the bytes of an inner reader from one encoding to another.
///
/// ```
/// use std::io::Read;
/// use utfast::{io::TranscodingReader, Encoding, Mode};
/// let utf16 = b"h\x00\xE9\x00";
/// let mut r = TranscodingReader::new(&utf16[..], Encoding::Utf16Le, Encoding::Utf8, Mode::Strict);
/// let mut s = String::new();
/// r.read_to_string(&mut s).unwrap();
/// assert_eq!(s, "hé");
/// ```
#[derive(Debug)]
pub struct TranscodingReader<R> {
    inner: R,
    transcoder: Transcoder,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
}

impl<R: Read> TranscodingReader<R> {
    /// Wraps `inner`, converting from `from` to `to` in `mode`.
    pub fn new(inner: R, from: Encoding, to: Encoding, mode: Mode) -> Self {
        Self::with_transcoder(inner, Transcoder::new(from, to, mode))
    }

    /// Wraps `inner` with a configured [`Transcoder`] (e.g. with a [`BomHandling`](crate::BomHandling)).
    ///
    /// ```
    /// use std::io::Read;
    /// use utfast::{io::TranscodingReader, BomHandling, Encoding, Mode, Transcoder};
    /// let t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, Mode::Strict).with_bom(BomHandling::Strip);
    /// let mut s = String::new();
    /// TranscodingReader::with_transcoder(&b"\xEF\xBB\xBFok"[..], t).read_to_string(&mut s).unwrap();
    /// assert_eq!(s, "ok");
    /// ```
    pub fn with_transcoder(inner: R, transcoder: Transcoder) -> Self {
        TranscodingReader {
            inner,
            transcoder,
            buf: vec![0; BUF_SIZE],
            start: 0,
            end: 0,
            eof: false,
        }
    }

    /// The wrapped reader.
    pub fn into_inner(self) -> R {
        self.inner
    }
}

impl<R: Read> Read for TranscodingReader<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if out.is_empty() {
            return Ok(0);
        }
        loop {
            let (status, read, written) =
                self.transcoder
                    .transcode(&self.buf[self.start..self.end], out, self.eof);
            self.start += read;
            match status {
                Status::Malformed { offset, kind } => {
                    if written > 0 {
                        // The error is reported again by the next call.
                        return Ok(written);
                    }
                    return Err(DecodeError {
                        offset,
                        kind,
                        encoding: self.transcoder.from(),
                    }
                    .into());
                }
                Status::OutputFull => return Ok(written),
                Status::InputEmpty if written > 0 || self.eof => return Ok(written),
                Status::InputEmpty => {
                    self.start = 0;
                    self.end = 0;
                    match self.inner.read(&mut self.buf) {
                        Ok(0) => self.eof = true,
                        Ok(n) => self.end = n,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => return Err(e),
                    }
                }
            }
        }
    }
}

/// A writer that converts what is written to it and passes the result to an inner
/// writer. Call [`finish`](Self::finish) at the end: it reports a character cut by the
/// end of the input and returns the inner writer. Dropping without `finish` flushes
/// what was converted but ignores errors.
///
/// ```
/// use std::io::Write;
/// use utfast::{io::TranscodingWriter, Encoding, Mode};
/// let mut w = TranscodingWriter::new(Vec::new(), Encoding::Utf8, Encoding::Utf16Be, Mode::Strict);
/// w.write_all("hé".as_bytes()).unwrap();
/// assert_eq!(w.finish().unwrap(), b"\x00h\x00\xE9");
/// ```
#[derive(Debug)]
pub struct TranscodingWriter<W: Write> {
    inner: Option<W>,
    transcoder: Transcoder,
    out: Vec<u8>,
}

impl<W: Write> TranscodingWriter<W> {
    /// Wraps `inner`, converting from `from` to `to` in `mode`.
    pub fn new(inner: W, from: Encoding, to: Encoding, mode: Mode) -> Self {
        Self::with_transcoder(inner, Transcoder::new(from, to, mode))
    }

    /// Wraps `inner` with a configured [`Transcoder`].
    pub fn with_transcoder(inner: W, transcoder: Transcoder) -> Self {
        TranscodingWriter {
            inner: Some(inner),
            transcoder,
            out: vec![0; BUF_SIZE],
        }
    }

    /// Ends the stream: converts a carried cut character (an error in strict mode),
    /// flushes, and returns the inner writer.
    pub fn finish(mut self) -> io::Result<W> {
        self.push(&[], true)?;
        let mut inner = self
            .inner
            .take()
            .expect("inner writer present until finish");
        inner.flush()?;
        Ok(inner)
    }

    /// Converts `src` and writes the output; returns the bytes of `src` consumed.
    fn push(&mut self, src: &[u8], last: bool) -> io::Result<usize> {
        let inner = self
            .inner
            .as_mut()
            .expect("inner writer present until finish");
        let mut done = 0;
        loop {
            let (status, read, written) =
                self.transcoder.transcode(&src[done..], &mut self.out, last);
            done += read;
            inner.write_all(&self.out[..written])?;
            match status {
                Status::InputEmpty => return Ok(done),
                Status::OutputFull => {}
                Status::Malformed { offset, kind } => {
                    if done > 0 {
                        return Ok(done);
                    }
                    return Err(DecodeError {
                        offset,
                        kind,
                        encoding: self.transcoder.from(),
                    }
                    .into());
                }
            }
        }
    }
}

impl<W: Write> Write for TranscodingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        self.push(buf, false)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner
            .as_mut()
            .expect("inner writer present until finish")
            .flush()
    }
}

impl<W: Write> Drop for TranscodingWriter<W> {
    fn drop(&mut self) {
        if self.inner.is_some() {
            let _ = self.push(&[], true);
            if let Some(inner) = self.inner.as_mut() {
                let _ = inner.flush();
            }
        }
    }
}

/// A reader that passes the bytes of an inner reader through unchanged and fails with
/// [`InvalidData`](io::ErrorKind::InvalidData) at the first invalid UTF-8: exactly the
/// valid prefix is returned, then the error (a [`DecodeError`]). A sequence cut by the
/// end of an inner read is held back until it is complete.
///
/// ```
/// use std::io::Read;
/// use utfast::io::{DecodeError, Utf8ValidatingReader};
/// let mut out = Vec::new();
/// let err = Utf8ValidatingReader::new(&b"ok\xFFno"[..]).read_to_end(&mut out).unwrap_err();
/// assert_eq!(out, b"ok");
/// let e = err.get_ref().unwrap().downcast_ref::<DecodeError>().unwrap();
/// assert_eq!(e.offset, 2);
/// ```
#[derive(Debug)]
pub struct Utf8ValidatingReader<R> {
    inner: R,
    buf: Vec<u8>,
    /// `buf[start..ready]` is validated and not handed out yet; `buf[ready..end]` is a
    /// cut sequence waiting for more input (the validator holds it too).
    start: usize,
    ready: usize,
    end: usize,
    /// Stream offset of `buf[0]`.
    pos: u64,
    /// The stream's validator: it says how far the stream is valid.
    validator: Utf8Validator,
    error: Option<DecodeError>,
    eof: bool,
}

impl<R: Read> Utf8ValidatingReader<R> {
    /// Wraps `inner`.
    pub fn new(inner: R) -> Self {
        Utf8ValidatingReader {
            inner,
            buf: vec![0; BUF_SIZE],
            start: 0,
            ready: 0,
            end: 0,
            pos: 0,
            validator: Utf8Validator::new(),
            error: None,
            eof: false,
        }
    }

    /// The wrapped reader.
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Records `e`, a validator error at a stream offset, and holds back the bytes
    /// from it on.
    fn fail(&mut self, e: Utf8Error) {
        let at = e.valid_up_to() as u64;
        self.ready = (at - self.pos) as usize;
        self.error = Some(DecodeError {
            offset: at,
            kind: e.kind(),
            encoding: Encoding::Utf8,
        });
    }
}

impl<R: Read> Read for Utf8ValidatingReader<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.start < self.ready || out.is_empty() {
                let n = (self.ready - self.start).min(out.len());
                out[..n].copy_from_slice(&self.buf[self.start..self.start + n]);
                self.start += n;
                return Ok(n);
            }
            if let Some(e) = self.error {
                return Err(e.into());
            }
            if self.eof {
                return Ok(0);
            }
            // Keep the cut sequence, read more after it.
            self.buf.copy_within(self.ready..self.end, 0);
            self.pos += self.ready as u64;
            self.end -= self.ready;
            self.start = 0;
            self.ready = 0;
            let n = loop {
                match self.inner.read(&mut self.buf[self.end..]) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    r => break r?,
                }
            };
            if n == 0 {
                self.eof = true;
                if let Err(e) = self.validator.clone().finish() {
                    self.fail(e);
                }
                continue;
            }
            self.validator.update(&self.buf[self.end..self.end + n]);
            self.end += n;
            match self.validator.error() {
                Some(e) => self.fail(e),
                None => self.ready = (self.validator.valid_up_to() as u64 - self.pos) as usize,
            }
        }
    }
}
