//! `utfast`: fast Unicode validation and transcoding from the command line.
//!
//! Exit status: 0 success, 1 invalid input, 2 usage or I/O error.

#[path = "utfast/bench.rs"]
mod bench;
#[path = "utfast/chunker.rs"]
mod chunker;
#[path = "utfast/convert.rs"]
mod convert;
#[path = "utfast/failure.rs"]
mod failure;
#[path = "utfast/input.rs"]
mod input;
#[path = "utfast/inspect.rs"]
mod inspect;
#[path = "utfast/label.rs"]
mod label;
#[path = "utfast/lines.rs"]
mod lines;
#[path = "utfast/output.rs"]
mod output;
#[path = "utfast/parallel.rs"]
mod parallel;
#[path = "utfast/progress.rs"]
mod progress;

use clap::{Parser, Subcommand};
use failure::Failure;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "utfast",
    version,
    about = "Fast Unicode validation and transcoding (UTF-8, UTF-16, UTF-32, Latin-1, \
             the WHATWG single-byte code pages, WTF-8, CESU-8, Modified UTF-8)",
    after_help = "Encodings: utf-8, utf-16le, utf-16be, utf-32le, utf-32be, latin1 \
                  (ISO-8859-1, as in iconv: not windows-1252), the code pages \
                  windows-874 and windows-1250..1258 (cp1252, ...), iso-8859-2..8, \
                  iso-8859-8-i, iso-8859-10, iso-8859-13..16, koi8-r, koi8-u, ibm866 \
                  (cp866), macintosh, x-mac-cyrillic, and wtf-8, cesu-8, mutf-8 \
                  (java-modified-utf-8), utf-16/utf-32 (byte order from a BOM, \
                  little-endian without one); names are case-insensitive, iconv's among them.\n\
                  Exit status: 0 ok, 1 invalid input, 2 usage or I/O error."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Convert text from one encoding to another (like iconv -f FROM -t TO)
    Convert {
        /// Source encoding
        #[arg(short = 'f', long = "from", value_name = "FROM")]
        from: String,
        /// Target encoding
        #[arg(short = 't', long = "to", value_name = "TO")]
        to: String,
        /// Replace invalid input with U+FFFD (and characters Latin-1 or the code page lacks with '?')
        #[arg(long)]
        lossy: bool,
        /// Byte-order marks: keep (convert as text), strip, or add
        #[arg(long, value_enum, default_value = "keep")]
        bom: convert::BomOption,
        /// Output file (written only if the conversion succeeds); default stdout
        #[arg(short = 'o', long = "output", value_name = "OUT")]
        output: Option<PathBuf>,
        /// Input file; `-` or none for stdin
        file: Option<String>,
        #[command(flatten)]
        threads: Threads,
    },
    /// Check that files are valid text in an encoding
    Validate {
        /// Encoding to check
        #[arg(short = 'e', long = "encoding", default_value = "utf-8")]
        encoding: String,
        /// One JSON object per file
        #[arg(long)]
        json: bool,
        /// Files (`-` for stdin)
        #[arg(required = true)]
        files: Vec<String>,
        #[command(flatten)]
        threads: Threads,
    },
    /// Show the BOM and the encodings a file is valid in, most likely first
    Detect {
        /// Files (`-` for stdin)
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Count bytes, code points, lines and UTF-8 sequence lengths
    Count {
        /// Encoding of the input
        #[arg(short = 'e', long = "encoding", default_value = "utf-8")]
        encoding: String,
        /// Files (`-` for stdin)
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Measure every available kernel and std on FILE or on built-in sample text
    Bench {
        /// Input file (UTF-8); default: the embedded lipsum samples
        file: Option<PathBuf>,
    },
}

/// Threads for large files.
#[derive(clap::Args)]
struct Threads {
    /// Threads for regular files of 4 MiB and more (default: one per CPU, at most 8; never more than 12)
    #[arg(
        short = 'j',
        long = "threads",
        value_name = "N",
        default_value_t = 0,
        hide_default_value = true
    )]
    threads: usize,
    /// Bytes per piece for the threads (a multiple of 4; for tests)
    #[arg(long, hide = true, default_value_t = parallel::PIECE, value_parser = piece_size)]
    piece_size: u64,
}

/// Parses `--piece-size`: a multiple of 4, at least 4.
fn piece_size(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n >= 4 && n % 4 == 0 => Ok(n),
        _ => Err("expected a multiple of 4, at least 4".into()),
    }
}

fn run(cli: Cli) -> Result<u8, Failure> {
    match cli.command {
        Command::Convert {
            from,
            to,
            lossy,
            bom,
            output,
            file,
            threads,
        } => convert::run(convert::Args {
            from,
            to,
            lossy,
            bom,
            output,
            file,
            threads: threads.threads,
            piece: threads.piece_size,
        })
        .map(|()| 0),
        Command::Validate {
            encoding,
            json,
            files,
            threads,
        } => inspect::validate(
            &encoding,
            json,
            &files,
            (threads.threads, threads.piece_size),
        ),
        Command::Detect { files } => inspect::detect(&files),
        Command::Count { encoding, files } => inspect::count(&encoding, &files),
        Command::Bench { file } => bench::run(file.as_deref()).map(|()| 0),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(failure) => {
            if let Failure::Usage(msg) = &failure {
                eprintln!("utfast: {msg}");
            }
            ExitCode::from(failure.exit_code())
        }
    }
}
