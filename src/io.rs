//! `std::io` adapters: transcode or validate while reading or writing.
//!
//! Errors in the data surface as [`std::io::Error`]s of kind
//! [`InvalidData`](std::io::ErrorKind::InvalidData) that carry a [`DecodeError`]
//! (stream offset, kind, encoding); get it back with [`DecodeError::from_io`].
//! All adapters work in bounded memory (fixed 64 KiB buffers).

extern crate std;

use crate::stream_core::{ReadStep, TranscodeReadCore, TranscodeWriteCore, Utf8ReadCore};
use crate::transcoder::{Status, Transcoder};
use crate::DecodeError;
use std::io::{self, Read, Write};
use utfast_scalar::{Encoding, Mode};

const BUF_SIZE: usize = 64 * 1024;

impl DecodeError {
    /// The `DecodeError` inside an [`io::Error`] from this crate's adapters
    /// ([`crate::io`], `async_io`), if it carries one: an `InvalidData` error made
    /// from a `DecodeError`.
    ///
    /// ```
    /// use std::io::Read;
    /// use utfast::{io::Utf8ValidatingReader, DecodeError};
    /// let err = Utf8ValidatingReader::new(&b"ok\xFF"[..]).read_to_end(&mut Vec::new()).unwrap_err();
    /// let e = DecodeError::from_io(&err).unwrap();
    /// assert_eq!(e.offset, 2);
    /// assert!(DecodeError::from_io(&std::io::Error::other("disk full")).is_none());
    /// ```
    pub fn from_io(e: &io::Error) -> Option<&DecodeError> {
        e.get_ref()?.downcast_ref::<DecodeError>()
    }
}

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
    core: TranscodeReadCore,
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
            core: TranscodeReadCore::new(transcoder, BUF_SIZE),
        }
    }

    /// The wrapped reader.
    pub fn into_inner(self) -> R {
        self.inner
    }
}

impl<R: Read> Read for TranscodingReader<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.core.read(out) {
                ReadStep::Output(n) => return Ok(n),
                ReadStep::Error(e) => return Err(e.into()),
                ReadStep::NeedInput => {
                    let n = read_retrying(&mut self.inner, self.core.input_buf())?;
                    self.core.filled(n);
                }
            }
        }
    }
}

/// `inner.read(buf)`, again after `Interrupted`.
fn read_retrying<R: Read>(inner: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match inner.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            r => return r,
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
    core: TranscodeWriteCore,
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
            core: TranscodeWriteCore::new(transcoder, BUF_SIZE),
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
            let (status, read) = self.core.convert(&src[done..], last);
            done += read;
            let pending = self.core.pending();
            let n = pending.len();
            inner.write_all(pending)?;
            self.core.consumed(n);
            match status {
                Status::InputEmpty => return Ok(done),
                Status::OutputFull => {}
                Status::Malformed { offset, kind } => {
                    if done > 0 {
                        return Ok(done);
                    }
                    return Err(self.core.error(offset, kind).into());
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
/// use utfast::{io::Utf8ValidatingReader, DecodeError};
/// let mut out = Vec::new();
/// let err = Utf8ValidatingReader::new(&b"ok\xFFno"[..]).read_to_end(&mut out).unwrap_err();
/// assert_eq!(out, b"ok");
/// let e = err.get_ref().unwrap().downcast_ref::<DecodeError>().unwrap();
/// assert_eq!(e.offset, 2);
/// ```
#[derive(Debug)]
pub struct Utf8ValidatingReader<R> {
    inner: R,
    core: Utf8ReadCore,
}

impl<R: Read> Utf8ValidatingReader<R> {
    /// Wraps `inner`.
    pub fn new(inner: R) -> Self {
        Utf8ValidatingReader {
            inner,
            core: Utf8ReadCore::new(BUF_SIZE),
        }
    }

    /// The wrapped reader.
    pub fn into_inner(self) -> R {
        self.inner
    }
}

impl<R: Read> Read for Utf8ValidatingReader<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.core.read(out) {
                ReadStep::Output(n) => return Ok(n),
                ReadStep::Error(e) => return Err(e.into()),
                ReadStep::NeedInput => {
                    let n = read_retrying(&mut self.inner, self.core.input_buf())?;
                    self.core.filled(n);
                }
            }
        }
    }
}
