//! `utfast convert`: streaming conversion between encodings, like `iconv`.

use crate::chunker::{Chunker, CHUNK};
use crate::failure::{invalid_message, Failure};
use crate::input::open_input;
use crate::label::parse_label;
use crate::lines::Lines;
use crate::output::Sink;
use crate::parallel::{self, Pieces};
use crate::progress::progress;
use indicatif::ProgressBar;
use std::path::PathBuf;
use utfast::{BomHandling, Encoding, Mode, Status, Transcoder};
use utfast_scalar::transcode::max_output_len;

/// What to do with byte-order marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BomOption {
    /// Convert a leading BOM like any character; write one only for "utf-16"/"utf-32".
    Keep,
    /// Remove a leading BOM of the input; never write one.
    Strip,
    /// Remove a leading BOM of the input; always write one (except for Latin-1).
    Add,
}

/// Arguments of `convert`.
pub struct Args {
    pub from: String,
    pub to: String,
    pub lossy: bool,
    pub bom: BomOption,
    pub output: Option<PathBuf>,
    pub file: Option<String>,
    /// Worker threads for large regular files (0: one per CPU).
    pub threads: usize,
    /// Piece size for the threads (a multiple of 4).
    pub piece: u64,
}

/// Runs `convert`.
pub fn run(args: Args) -> Result<(), Failure> {
    let from = parse_label(&args.from)?;
    let to = parse_label(&args.to)?;
    let mut input = open_input(args.file.as_deref())?;
    let name = input.name.clone();
    let path = input.path.clone();
    let size = input.size;
    let bar = progress(size);
    let threads = parallel::threads_for(args.threads, size, args.piece);
    let positioned = input.file.take();
    let mut chunker = Chunker::new(input);

    // Byte order and BOM of the input.
    let head = chunker.head_for_bom(&from.boms(args.bom != BomOption::Keep))?;
    let (from_enc, bom_len) = if from.unlabelled {
        Encoding::for_unlabelled(from.bits(), head)
    } else if args.bom != BomOption::Keep && head.starts_with(from.encoding.bom()) {
        (from.encoding, from.encoding.bom().len())
    } else {
        (from.encoding, 0)
    };
    let write_bom = match args.bom {
        BomOption::Keep => to.unlabelled,
        BomOption::Strip => false,
        BomOption::Add => true,
    };
    let mode = if args.lossy {
        Mode::Lossy
    } else {
        Mode::Strict
    };
    let mut transcoder = Transcoder::new(from_enc, to.encoding, mode).with_bom(if bom_len > 0 {
        BomHandling::Strip
    } else {
        BomHandling::Keep
    });

    let mut out = Sink::open(args.output.as_deref())?;
    if write_bom {
        out.put(to.encoding.bom())?;
    }

    // Large regular files: pieces on several threads, then (only if a piece is not
    // valid) one thread from the start of that piece on, for the exact error.
    let mut base = 0;
    if let (true, Some(file), Some(size)) = (threads > 1, positioned, size) {
        let pieces = Pieces::new(
            file,
            (&name, path.as_deref()),
            from_enc,
            (bom_len as u64, size),
            args.piece,
        )?;
        let convert = PieceConvert {
            from: from_enc,
            to: to.encoding,
            mode,
            pieces: &pieces,
            bar: bar.as_ref(),
        };
        let buffers = (0..=threads).map(|_| convert.buffer(args.piece)).collect();
        let done = parallel::run(
            pieces.len(),
            threads,
            buffers,
            |i, b| convert.piece(i, b),
            |b| out.put(&b.out[..b.used]),
        )?;
        match done {
            None => {
                if let Some(bar) = &bar {
                    bar.finish_and_clear();
                }
                return out.finish();
            }
            Some(i) => {
                chunker = pieces.rest(i);
                base = pieces.start(i);
                transcoder = Transcoder::new(from_enc, to.encoding, mode);
            }
        }
    }

    // Lines and columns are only needed for strict-mode error messages.
    let mut lines = (mode == Mode::Strict).then(|| Lines::new(path.as_deref(), from_enc, bom_len));
    let mut dst = vec![0u8; max_output_len(from_enc, to.encoding, CHUNK) + 64];
    let eager = chunker.eager();
    while let Some(chunk) = chunker.next(from_enc)? {
        let mut src = chunk.bytes;
        loop {
            let (status, read, written) = transcoder.transcode(src, &mut dst, chunk.last);
            out.put(&dst[..written])?;
            src = &src[read..];
            match status {
                Status::InputEmpty => break,
                Status::OutputFull => {}
                Status::Malformed { offset, kind } => {
                    drop(out); // removes the temporary output file
                    if let Some(bar) = &bar {
                        bar.finish_and_clear();
                    }
                    let lines = lines
                        .take()
                        .unwrap_or_else(|| Lines::new(path.as_deref(), from_enc, bom_len));
                    let at = lines.locate(base + offset, chunk.start, chunk.bytes);
                    eprintln!("{}", invalid_message(&name, from_enc, at, kind));
                    return Err(Failure::Invalid);
                }
            }
        }
        if let Some(lines) = &mut lines {
            lines.feed(chunk.bytes);
        }
        if eager {
            out.flush()?;
        }
        if let Some(bar) = &bar {
            bar.inc(chunk.bytes.len() as u64);
        }
    }
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    out.finish()
}

/// Converting one piece of a file on a worker thread.
struct PieceConvert<'a> {
    from: Encoding,
    to: Encoding,
    mode: Mode,
    pieces: &'a Pieces,
    bar: Option<&'a ProgressBar>,
}

/// A worker's buffers: its input chunks and the output of a whole piece.
struct PieceBuffer {
    chunker: Chunker,
    out: Vec<u8>,
    used: usize,
}

impl PieceConvert<'_> {
    /// Buffers for pieces of about `piece` bytes.
    fn buffer(&self, piece: u64) -> PieceBuffer {
        let most = max_output_len(self.from, self.to, piece as usize + 3) + 64;
        PieceBuffer {
            chunker: Chunker::new(self.pieces.input(0, 1)),
            out: vec![0; most],
            used: 0,
        }
    }

    /// Converts piece `i` into `b.out[..b.used]`: `Ok(false)` if it is not valid
    /// (strict mode), and then the output is not used.
    fn piece(&self, i: usize, b: &mut PieceBuffer) -> Result<bool, Failure> {
        self.pieces.chunker(i, &mut b.chunker);
        // The piece starts after any BOM of the input.
        let mut transcoder = Transcoder::new(self.from, self.to, self.mode);
        b.used = 0;
        let mut bytes = 0;
        while let Some(chunk) = b.chunker.next(self.from)? {
            let mut src = chunk.bytes;
            bytes += src.len() as u64;
            loop {
                let room = max_output_len(self.from, self.to, src.len()) + 64;
                if b.out.len() - b.used < room {
                    b.out.resize(b.used + room, 0);
                }
                let (status, read, written) =
                    transcoder.transcode(src, &mut b.out[b.used..], chunk.last);
                b.used += written;
                src = &src[read..];
                match status {
                    Status::InputEmpty => break,
                    Status::OutputFull => {}
                    Status::Malformed { .. } => return Ok(false),
                }
            }
        }
        if let Some(bar) = self.bar {
            bar.inc(bytes);
        }
        Ok(true)
    }
}
