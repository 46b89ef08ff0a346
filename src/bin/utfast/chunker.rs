//! Reading an input in chunks that end on character boundaries; from a pipe, each
//! read is handed out as it arrives.

use crate::failure::Failure;
use crate::input::Input;
use std::io::{self, Read};
use utfast::{incomplete_suffix_len, Encoding};

/// Input buffer size: memory stays bounded whatever the input size, and input plus
/// output buffers stay in the L2 cache, which matters because the `read` copy is the
/// largest fixed cost of a chunk.
pub const CHUNK: usize = 1 << 16;

/// Reads an input in chunks that end on character boundaries of an encoding.
pub struct Chunker {
    reader: Box<dyn Read + Send>,
    name: String,
    buf: Vec<u8>,
    len: usize,
    body: usize,
    start: u64,
    eof: bool,
    done: bool,
    /// A pipe or terminal: hand out what each read brings instead of waiting for a
    /// whole chunk, so that a conversation through the command is never held up.
    eager: bool,
    /// Bytes at the start of the buffer that the last chunk left out (a cut character).
    carried: usize,
}

/// One chunk: its stream offset, its bytes and whether it ends the input.
pub struct Chunk<'a> {
    /// Stream offset of `bytes[0]`.
    pub start: u64,
    /// Whole characters (the last chunk: everything that is left).
    pub bytes: &'a [u8],
    /// Whether this is the last chunk.
    pub last: bool,
}

impl Chunker {
    /// Wraps an opened input.
    pub fn new(input: Input) -> Self {
        Self::starting_at(input, 0)
    }

    /// Wraps an opened input whose first byte is at stream offset `start`.
    pub fn starting_at(input: Input, start: u64) -> Self {
        Chunker {
            eager: input.size.is_none(),
            carried: 0,
            reader: input.reader,
            name: input.name,
            buf: vec![0; CHUNK],
            len: 0,
            body: 0,
            start,
            eof: false,
            done: false,
        }
    }

    /// Starts over on `input`, whose first byte is at stream offset `start`,
    /// keeping the buffer.
    pub fn restart(&mut self, input: Input, start: u64) {
        self.eager = input.size.is_none();
        self.carried = 0;
        self.reader = input.reader;
        self.name = input.name;
        self.len = 0;
        self.body = 0;
        self.start = start;
        self.eof = false;
        self.done = false;
    }

    /// Reads until the buffer is full, the input ends, or `enough` says so of what the
    /// buffer holds.
    fn fill(&mut self, enough: impl Fn(&[u8]) -> bool) -> Result<(), Failure> {
        while !self.eof && self.len < self.buf.len() && !enough(&self.buf[..self.len]) {
            match self.reader.read(&mut self.buf[self.len..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    return Err(Failure::Usage(format!("cannot read {}: {e}", self.name)));
                }
            }
        }
        Ok(())
    }

    /// The first bytes of the input (up to one chunk), before any [`next`](Self::next).
    pub fn head(&mut self) -> Result<&[u8], Failure> {
        self.fill(|_| false)?;
        Ok(&self.buf[..self.len])
    }

    /// The first bytes of the input, before any [`next`](Self::next): from a pipe,
    /// only as many as decide whether it begins with one of `boms` (those that are
    /// still a proper prefix of one wait for more); from a file, up to one chunk.
    pub fn head_for_bom(&mut self, boms: &[&[u8]]) -> Result<&[u8], Failure> {
        let eager = self.eager;
        self.fill(|head| {
            eager
                && !head.is_empty()
                && !boms
                    .iter()
                    .any(|b| head.len() < b.len() && b.starts_with(head))
        })?;
        Ok(&self.buf[..self.len])
    }

    /// Whether the input is a pipe or terminal, whose chunks are what each read brings.
    pub fn eager(&self) -> bool {
        self.eager
    }

    /// The next chunk, split so that it ends on a character boundary of `encoding`
    /// (the cut character moves to the next chunk); `None` after the last one.
    pub fn next(&mut self, encoding: Encoding) -> Result<Option<Chunk<'_>>, Failure> {
        if self.done {
            return Ok(None);
        }
        self.buf.copy_within(self.body..self.len, 0);
        self.start += self.body as u64;
        self.len -= self.body;
        // From a pipe, wait only for bytes beyond the cut character carried over (the
        // bytes read by `head` are new to the caller).
        let (eager, carried) = (self.eager, self.carried);
        self.fill(|b| eager && b.len() > carried)?;
        self.body = if self.eof {
            self.len
        } else {
            self.len - incomplete_suffix_len(encoding, &self.buf[..self.len])
        };
        self.done = self.eof;
        self.carried = self.len - self.body;
        Ok(Some(Chunk {
            start: self.start,
            bytes: &self.buf[..self.body],
            last: self.eof,
        }))
    }
}
