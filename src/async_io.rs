//! Tokio adapters (feature `tokio`): transcode or validate while reading from an
//! [`AsyncRead`] or writing to an [`AsyncWrite`], the async counterparts of
//! [`crate::io`].
//!
//! They run the same sans-IO cores as the `std::io` adapters (over [`Transcoder`]
//! and [`Utf8Validator`](crate::Utf8Validator)), so a stream cut anywhere, into pieces of any
//! size, gives the same output and the same error as the whole input at once. Errors
//! in the data are [`std::io::Error`]s of kind
//! [`InvalidData`](std::io::ErrorKind::InvalidData) carrying a
//! [`DecodeError`](crate::DecodeError) with the exact byte offset in the stream
//! ([`DecodeError::from_io`](crate::DecodeError::from_io) gets it back). Memory is bounded: each
//! adapter holds one 16 KiB buffer, whatever the length of the stream.
//!
//! A UTF-8 validating *writer* is [`TranscodingWriter`] from UTF-8 to UTF-8 in
//! [`Mode::Strict`].
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> std::io::Result<()> {
//! use tokio::io::{AsyncReadExt, AsyncWriteExt};
//! use utfast::async_io::{TranscodingReader, TranscodingWriter};
//! use utfast::{Encoding, Mode};
//!
//! let utf16: &[u8] = b"h\x00\xE9\x00";
//! let mut text = String::new();
//! TranscodingReader::new(utf16, Encoding::Utf16Le, Encoding::Utf8, Mode::Strict)
//!     .read_to_string(&mut text)
//!     .await?;
//! assert_eq!(text, "hé");
//!
//! let mut w = TranscodingWriter::new(Vec::new(), Encoding::Utf8, Encoding::Utf16Be, Mode::Lossy);
//! w.write_all(b"h\xFF").await?;
//! w.shutdown().await?;
//! assert_eq!(w.into_inner(), b"\x00h\xFF\xFD");
//! # Ok(())
//! # }
//! ```

extern crate std;

use crate::stream_core::{ReadStep, TranscodeReadCore, TranscodeWriteCore, Utf8ReadCore};
use crate::transcoder::{Status, Transcoder};
use core::pin::Pin;
use core::task::{ready, Context, Poll};
use std::io;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use utfast_scalar::{Encoding, Mode};

const BUF_SIZE: usize = 16 * 1024;

/// An [`AsyncRead`] that converts the bytes of an inner reader from one encoding to
/// another (the async [`crate::io::TranscodingReader`]).
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tokio::io::AsyncReadExt;
/// use utfast::{async_io::TranscodingReader, DecodeError, Encoding, Mode};
/// let mut r = TranscodingReader::new(&b"ok\xC0!"[..], Encoding::Utf8, Encoding::Utf32Le, Mode::Strict);
/// let mut out = Vec::new();
/// let err = r.read_to_end(&mut out).await.unwrap_err();
/// assert_eq!(out, b"o\0\0\0k\0\0\0");
/// let e = DecodeError::from_io(&err).unwrap();
/// assert_eq!(e.offset, 2);
/// # }
/// ```
#[derive(Debug)]
pub struct TranscodingReader<R> {
    inner: R,
    core: TranscodeReadCore,
}

impl<R: AsyncRead + Unpin> TranscodingReader<R> {
    /// Wraps `inner`, converting from `from` to `to` in `mode`.
    pub fn new(inner: R, from: Encoding, to: Encoding, mode: Mode) -> Self {
        Self::with_transcoder(inner, Transcoder::new(from, to, mode))
    }

    /// Wraps `inner` with a configured [`Transcoder`] (BOM handling, kernel).
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

impl<R: AsyncRead + Unpin> AsyncRead for TranscodingReader<R> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        out: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        loop {
            match this.core.read(out.initialize_unfilled()) {
                ReadStep::Output(n) => {
                    out.advance(n);
                    return Poll::Ready(Ok(()));
                }
                ReadStep::Error(e) => return Poll::Ready(Err(e.into())),
                ReadStep::NeedInput => {
                    let n = ready!(poll_fill(&mut this.inner, cx, this.core.input_buf()))?;
                    this.core.filled(n);
                }
            }
        }
    }
}

/// Reads from `inner` into `buf`: the count (0 at the end of the stream).
fn poll_fill<R: AsyncRead + Unpin>(
    inner: &mut R,
    cx: &mut Context<'_>,
    buf: &mut [u8],
) -> Poll<io::Result<usize>> {
    let mut rb = ReadBuf::new(buf);
    ready!(Pin::new(inner).poll_read(cx, &mut rb))?;
    Poll::Ready(Ok(rb.filled().len()))
}

/// An [`AsyncWrite`] that converts what is written to it and passes the result to an
/// inner writer (the async [`crate::io::TranscodingWriter`]).
///
/// `poll_shutdown` (`AsyncWriteExt::shutdown`) ends the stream: it reports a
/// character cut by the end of the input (strict mode), writes the rest and shuts the
/// inner writer down. `poll_flush` passes on everything converted so far.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tokio::io::AsyncWriteExt;
/// use utfast::{async_io::TranscodingWriter, Encoding, Mode};
/// let mut w = TranscodingWriter::new(Vec::new(), Encoding::Utf8, Encoding::Utf8, Mode::Strict);
/// w.write_all(b"ok \xF0\x9F").await.unwrap(); // a cut character is kept...
/// let e = w.shutdown().await.unwrap_err(); // ...and is an error at the end
/// assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
/// assert_eq!(w.into_inner(), b"ok ");
/// # }
/// ```
#[derive(Debug)]
pub struct TranscodingWriter<W> {
    inner: W,
    core: TranscodeWriteCore,
    /// The end of the input was converted (by `poll_shutdown`).
    finished: bool,
}

impl<W: AsyncWrite + Unpin> TranscodingWriter<W> {
    /// Wraps `inner`, converting from `from` to `to` in `mode`.
    pub fn new(inner: W, from: Encoding, to: Encoding, mode: Mode) -> Self {
        Self::with_transcoder(inner, Transcoder::new(from, to, mode))
    }

    /// Wraps `inner` with a configured [`Transcoder`] (BOM handling, kernel).
    pub fn with_transcoder(inner: W, transcoder: Transcoder) -> Self {
        TranscodingWriter {
            inner,
            core: TranscodeWriteCore::new(transcoder, BUF_SIZE),
            finished: false,
        }
    }

    /// The wrapped writer (output not yet passed on to it is dropped: shut down or
    /// flush first).
    pub fn into_inner(self) -> W {
        self.inner
    }

    /// Passes the converted output on to the inner writer.
    fn poll_drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.core.pending().is_empty() {
            let pending = self.core.pending();
            match ready!(Pin::new(&mut self.inner).poll_write(cx, pending))? {
                0 => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                n => self.core.consumed(n),
            }
        }
        Poll::Ready(Ok(()))
    }

    fn error(&self, offset: u64, kind: crate::ErrorKind) -> io::Error {
        self.core.error(offset, kind).into()
    }
}

impl<W: AsyncWrite + Unpin> AsyncWrite for TranscodingWriter<W> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        loop {
            ready!(this.poll_drain(cx))?;
            if buf.is_empty() {
                return Poll::Ready(Ok(0));
            }
            let (status, read) = this.core.convert(buf, false);
            let written = this.core.pending().len();
            match status {
                _ if read > 0 => return Poll::Ready(Ok(read)),
                Status::Malformed { offset, kind } if written == 0 => {
                    return Poll::Ready(Err(this.error(offset, kind)))
                }
                // Output of earlier input first (the loop passes it on), then again.
                _ => {}
            }
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_drain(cx))?;
        Pin::new(&mut this.inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        while !this.finished {
            ready!(this.poll_drain(cx))?;
            let (status, _) = this.core.convert(&[], true);
            let written = this.core.pending().len();
            match status {
                Status::InputEmpty => this.finished = true,
                Status::OutputFull => {}
                Status::Malformed { offset, kind } => {
                    if written == 0 {
                        return Poll::Ready(Err(this.error(offset, kind)));
                    }
                }
            }
        }
        ready!(this.poll_drain(cx))?;
        Pin::new(&mut this.inner).poll_shutdown(cx)
    }
}

/// An [`AsyncRead`] that passes the bytes of an inner reader through unchanged and
/// fails with [`InvalidData`](io::ErrorKind::InvalidData) at the first invalid UTF-8
/// (the async [`crate::io::Utf8ValidatingReader`]): exactly the valid prefix is
/// returned, then the error (a [`DecodeError`](crate::DecodeError) with the stream offset of
/// [`Utf8Validator`](crate::Utf8Validator)). A sequence cut by the end of an inner read is held back until
/// it is complete.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tokio::io::AsyncReadExt;
/// use utfast::{async_io::Utf8ValidatingReader, DecodeError};
/// let mut out = Vec::new();
/// let err = Utf8ValidatingReader::new(&b"ok\xE2\x82!"[..]).read_to_end(&mut out).await.unwrap_err();
/// assert_eq!(out, b"ok");
/// let e = err.get_ref().unwrap().downcast_ref::<DecodeError>().unwrap();
/// assert_eq!((e.offset, e.kind), (2, utfast::ErrorKind::TooShort));
/// # }
/// ```
#[derive(Debug)]
pub struct Utf8ValidatingReader<R> {
    inner: R,
    core: Utf8ReadCore,
}

impl<R: AsyncRead + Unpin> Utf8ValidatingReader<R> {
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

impl<R: AsyncRead + Unpin> AsyncRead for Utf8ValidatingReader<R> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        out: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        loop {
            match this.core.read(out.initialize_unfilled()) {
                ReadStep::Output(n) => {
                    out.advance(n);
                    return Poll::Ready(Ok(()));
                }
                ReadStep::Error(e) => return Poll::Ready(Err(e.into())),
                ReadStep::NeedInput => {
                    let n = ready!(poll_fill(&mut this.inner, cx, this.core.input_buf()))?;
                    this.core.filled(n);
                }
            }
        }
    }
}
