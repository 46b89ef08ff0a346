//! Why a command failed and where: the failures and their exit codes, the location
//! of invalid input and its one-line message.

use std::io;
use utfast::{Encoding, ErrorKind};

/// Why a command failed. Messages are printed where the failure is found.
#[derive(Debug)]
pub enum Failure {
    /// Invalid data (exit status 1); the message was already printed.
    Invalid,
    /// A usage or I/O error (exit status 2) with its one-line message.
    Usage(String),
    /// stdout was closed by the reader: stop quietly.
    BrokenPipe,
}

impl Failure {
    /// The process exit status for this failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Invalid => 1,
            Failure::Usage(_) => 2,
            Failure::BrokenPipe => 0,
        }
    }
}

/// Maps a write error on the output to a failure (a closed pipe is not an error).
pub fn output_error(what: &str, e: io::Error) -> Failure {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Failure::BrokenPipe
    } else {
        Failure::Usage(format!("cannot write {what}: {e}"))
    }
}

/// Where an error is: stream offset plus 1-based line and column.
#[derive(Debug, Clone, Copy)]
pub struct Location {
    /// Byte offset in the input.
    pub offset: u64,
    /// 1-based line and column (in characters); `None` only when a file that had
    /// to be read again for them could no longer be read.
    pub line_column: Option<(u64, u64)>,
}

/// The one-line message for invalid input.
pub fn invalid_message(name: &str, encoding: Encoding, at: Location, kind: ErrorKind) -> String {
    let lone = matches!(
        kind,
        ErrorKind::UnpairedHighSurrogate | ErrorKind::UnpairedLowSurrogate
    );
    let what = if kind == ErrorKind::NotLatin1 {
        format!("cannot convert {encoding} to ISO-8859-1")
    } else if kind == ErrorKind::NotInCodePage || (encoding == Encoding::Wtf8 && lone) {
        // Cyrillic code pages (the kind names the target); WTF-8: a lone surrogate is
        // valid WTF-8, but only UTF-16 and WTF-8 can hold it.
        format!("cannot convert {encoding}")
    } else {
        format!("invalid {encoding}")
    };
    match at.line_column {
        Some((line, column)) => format!(
            "{name}: {what} at byte {} (line {line}, column {column}): {kind}",
            at.offset
        ),
        None => format!("{name}: {what} at byte {}: {kind}", at.offset),
    }
}
