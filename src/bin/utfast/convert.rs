//! `utfast convert`: streaming conversion between encodings, like `iconv`.

use crate::common::{
    invalid_message, open_input, parse_label, progress, Chunker, Failure, Lines, Sink, CHUNK,
};
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
}

/// Runs `convert`.
pub fn run(args: Args) -> Result<(), Failure> {
    let from = parse_label(&args.from)?;
    let to = parse_label(&args.to)?;
    let input = open_input(args.file.as_deref())?;
    let name = input.name.clone();
    let path = input.path.clone();
    let bar = progress(input.size);
    let mut chunker = Chunker::new(input);

    // Byte order and BOM of the input.
    let head = chunker.head()?;
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

    // Lines and columns are only needed for strict-mode error messages.
    let mut lines = (mode == Mode::Strict).then(|| Lines::new(path.as_deref(), from_enc, bom_len));
    let mut dst = vec![0u8; max_output_len(from_enc, to.encoding, CHUNK) + 64];
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
                    let at = lines.locate(offset, chunk.start, chunk.bytes);
                    eprintln!("{}", invalid_message(&name, from_enc, at, kind));
                    return Err(Failure::Invalid);
                }
            }
        }
        if let Some(lines) = &mut lines {
            lines.feed(chunk.bytes);
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
