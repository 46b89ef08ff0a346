//! The sans-IO core of the streaming adapters: the state machines of a transcoding
//! reader, a transcoding writer and a UTF-8 validating reader, without any I/O. The
//! blocking adapters ([`crate::io`]) and the tokio adapters (`crate::async_io`) drive
//! the same cores and differ only in how they read from or write to the inner
//! stream, so both report the same output and the same errors at the same stream
//! offsets.
//!
//! A reader core asks for input (`NeedInput`): the adapter reads into
//! [`input_buf`](TranscodeReadCore::input_buf) and reports the count with
//! [`filled`](TranscodeReadCore::filled) (0: end of stream). A writer core converts
//! into its buffer; the adapter passes [`pending`](TranscodeWriteCore::pending) on
//! and reports what was taken with [`consumed`](TranscodeWriteCore::consumed).

extern crate std;

use crate::stream::Utf8Validator;
use crate::transcoder::{Status, Transcoder};
use crate::DecodeError;
use std::vec;
use std::vec::Vec;
use utfast_scalar::{Encoding, ErrorKind, Utf8Error};

/// What a reader core did with a read call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReadStep {
    /// This many bytes of output were written to the caller's buffer (0 only at the
    /// end of the stream or for an empty buffer): return them.
    Output(usize),
    /// Read from the inner stream into `input_buf()`, report it with `filled()`, and
    /// call again.
    NeedInput,
    /// Ill-formed input at a stream offset (everything before it was handed out).
    Error(DecodeError),
}

/// A reader that converts from one encoding to another.
#[derive(Debug)]
pub(crate) struct TranscodeReadCore {
    transcoder: Transcoder,
    /// `buf[start..end]`: input not converted yet.
    buf: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
}

impl TranscodeReadCore {
    /// A core with an input buffer of `capacity` bytes.
    pub(crate) fn new(transcoder: Transcoder, capacity: usize) -> Self {
        TranscodeReadCore {
            transcoder,
            buf: vec![0; capacity],
            start: 0,
            end: 0,
            eof: false,
        }
    }

    /// Converts buffered input into `out`.
    pub(crate) fn read(&mut self, out: &mut [u8]) -> ReadStep {
        if out.is_empty() {
            return ReadStep::Output(0);
        }
        let (status, read, written) =
            self.transcoder
                .transcode(&self.buf[self.start..self.end], out, self.eof);
        self.start += read;
        match status {
            // The error is reported by the next call.
            Status::Malformed { .. } if written > 0 => ReadStep::Output(written),
            Status::Malformed { offset, kind } => ReadStep::Error(DecodeError {
                offset,
                kind,
                encoding: self.transcoder.from(),
            }),
            Status::OutputFull => ReadStep::Output(written),
            Status::InputEmpty if written > 0 || self.eof => ReadStep::Output(written),
            Status::InputEmpty => {
                self.start = 0;
                self.end = 0;
                ReadStep::NeedInput
            }
        }
    }

    /// Where the next input goes (after `NeedInput`: the whole buffer).
    pub(crate) fn input_buf(&mut self) -> &mut [u8] {
        &mut self.buf[self.end..]
    }

    /// `n` bytes were read into `input_buf()`; 0 is the end of the stream.
    pub(crate) fn filled(&mut self, n: usize) {
        if n == 0 {
            self.eof = true;
        }
        self.end += n;
    }
}

/// A writer that converts from one encoding to another into its own buffer.
#[derive(Debug)]
pub(crate) struct TranscodeWriteCore {
    transcoder: Transcoder,
    /// `out[out_start..out_end]`: output not passed on yet.
    out: Vec<u8>,
    out_start: usize,
    out_end: usize,
}

impl TranscodeWriteCore {
    /// A core with an output buffer of `capacity` bytes.
    pub(crate) fn new(transcoder: Transcoder, capacity: usize) -> Self {
        TranscodeWriteCore {
            transcoder,
            out: vec![0; capacity],
            out_start: 0,
            out_end: 0,
        }
    }

    /// Output waiting to be passed on to the inner writer.
    pub(crate) fn pending(&self) -> &[u8] {
        &self.out[self.out_start..self.out_end]
    }

    /// The inner writer took `n` bytes of `pending()`.
    pub(crate) fn consumed(&mut self, n: usize) {
        self.out_start = (self.out_start + n).min(self.out_end);
    }

    /// Converts from `src` (the end of the stream if `last`) as much as the buffer
    /// holds; call with nothing `pending()`. Returns why it stopped and the bytes of
    /// `src` consumed; the output is `pending()`.
    pub(crate) fn convert(&mut self, src: &[u8], last: bool) -> (Status, usize) {
        debug_assert!(self.pending().is_empty(), "output passed on first");
        let (status, read, written) = self.transcoder.transcode(src, &mut self.out, last);
        self.out_start = 0;
        self.out_end = written;
        (status, read)
    }

    /// The error of a `Status::Malformed { offset, kind }`.
    pub(crate) fn error(&self, offset: u64, kind: ErrorKind) -> DecodeError {
        DecodeError {
            offset,
            kind,
            encoding: self.transcoder.from(),
        }
    }
}

/// A reader that passes UTF-8 through and stops at the first invalid byte.
#[derive(Debug)]
pub(crate) struct Utf8ReadCore {
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

impl Utf8ReadCore {
    /// A core with an input buffer of `capacity` bytes (at least 4).
    pub(crate) fn new(capacity: usize) -> Self {
        Utf8ReadCore {
            buf: vec![0; capacity.max(4)],
            start: 0,
            ready: 0,
            end: 0,
            pos: 0,
            validator: Utf8Validator::new(),
            error: None,
            eof: false,
        }
    }

    /// Copies validated input to `out`.
    pub(crate) fn read(&mut self, out: &mut [u8]) -> ReadStep {
        if self.start < self.ready || out.is_empty() {
            let n = (self.ready - self.start).min(out.len());
            out[..n].copy_from_slice(&self.buf[self.start..self.start + n]);
            self.start += n;
            return ReadStep::Output(n);
        }
        if let Some(e) = self.error {
            return ReadStep::Error(e);
        }
        if self.eof {
            return ReadStep::Output(0);
        }
        if self.ready > 0 {
            // Keep the cut sequence, read more after it.
            self.buf.copy_within(self.ready..self.end, 0);
            self.pos += self.ready as u64;
            self.end -= self.ready;
            self.start = 0;
            self.ready = 0;
        }
        ReadStep::NeedInput
    }

    /// Where the next input goes.
    pub(crate) fn input_buf(&mut self) -> &mut [u8] {
        &mut self.buf[self.end..]
    }

    /// `n` bytes were read into `input_buf()`; 0 is the end of the stream.
    pub(crate) fn filled(&mut self, n: usize) {
        if n == 0 {
            self.eof = true;
            if let Err(e) = self.validator.clone().finish() {
                self.fail(e);
            }
            return;
        }
        self.validator.update(&self.buf[self.end..self.end + n]);
        self.end += n;
        match self.validator.error() {
            Some(e) => self.fail(e),
            None => self.ready = (self.validator.valid_up_to() as u64 - self.pos) as usize,
        }
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
