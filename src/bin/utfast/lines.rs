//! Line and column counting for error messages: as the text streams by, or by
//! reading a file again after an error.

use crate::chunker::Chunker;
use crate::failure::Location;
use crate::input::open_input;
use utfast::{incomplete_suffix_len, Encoding};

/// Line and column bookkeeping for error messages.
///
/// A regular file is not counted while it is valid: after an error it is read a
/// second time, up to the error, so valid input pays nothing for the message it
/// does not need. Other inputs (pipes) cannot be read twice and are counted as the
/// text streams by.
pub enum Lines {
    /// Counted chunk by chunk; `skip` bytes (a BOM) at the start are not text.
    Streaming { counter: LineCounter, skip: usize },
    /// Read again from `path` after an error.
    Reread {
        path: String,
        encoding: Encoding,
        skip: usize,
    },
}

impl Lines {
    /// Bookkeeping for `input` read as `encoding`, whose first `skip` bytes are a BOM.
    pub fn new(path: Option<&str>, encoding: Encoding, skip: usize) -> Self {
        match path {
            Some(p) => Lines::Reread {
                path: p.to_string(),
                encoding,
                skip,
            },
            None => Lines::Streaming {
                counter: LineCounter::new(encoding),
                skip,
            },
        }
    }

    /// Notes a chunk that was entirely valid.
    pub fn feed(&mut self, chunk: &[u8]) {
        if let Lines::Streaming { counter, skip } = self {
            counter.feed(&chunk[(*skip).min(chunk.len())..]);
            *skip = 0;
        }
    }

    /// The location of stream offset `offset`, which lies in (or at the end of)
    /// the chunk `bytes` starting at stream offset `start`.
    pub fn locate(self, offset: u64, start: u64, bytes: &[u8]) -> Location {
        let line_column = match self {
            Lines::Streaming { mut counter, skip } => {
                if offset >= start {
                    let end = ((offset - start) as usize).min(bytes.len());
                    counter.feed(&bytes[skip.min(end)..end]);
                }
                Some(counter.position())
            }
            Lines::Reread {
                path,
                encoding,
                skip,
            } => reread_position(&path, encoding, skip, offset),
        };
        Location {
            offset,
            line_column,
        }
    }
}

/// Line and column of stream offset `offset` in the file `path`, by reading it
/// again (`None` if it can no longer be read).
fn reread_position(path: &str, encoding: Encoding, skip: usize, offset: u64) -> Option<(u64, u64)> {
    let mut chunker = Chunker::new(open_input(Some(path)).ok()?);
    let mut counter = LineCounter::new(encoding);
    let mut skip = skip;
    while let Some(chunk) = chunker.next(encoding).ok()? {
        let end = offset
            .saturating_sub(chunk.start)
            .min(chunk.bytes.len() as u64) as usize;
        counter.feed(&chunk.bytes[skip.min(end)..end]);
        skip = 0;
        if chunk.start + chunk.bytes.len() as u64 >= offset {
            return Some(counter.position());
        }
    }
    None
}

/// Counts lines and columns (in characters) of valid text, chunk by chunk.
#[derive(Debug, Clone)]
pub struct LineCounter {
    encoding: Encoding,
    newlines: u64,
    /// Characters after the last newline.
    column: u64,
}

impl LineCounter {
    /// A counter for text in `encoding`.
    pub fn new(encoding: Encoding) -> Self {
        LineCounter {
            encoding,
            newlines: 0,
            column: 0,
        }
    }

    /// Counts `text`, which starts on a character boundary and holds valid text (a
    /// cut character at its end is not counted).
    pub fn feed(&mut self, text: &[u8]) {
        let text = &text[..text.len() - incomplete_suffix_len(self.encoding, text)];
        match self.encoding {
            // (and the Cyrillic code pages: one byte per character, ASCII newlines;
            // WTF-8, CESU-8, MUTF-8: columns count sequences, a CESU-8 pair is 2)
            e if matches!(
                e,
                Encoding::Utf8
                    | Encoding::Latin1
                    | Encoding::Wtf8
                    | Encoding::Cesu8
                    | Encoding::Mutf8
            ) || utfast_scalar::CodePage::of(e).is_some() =>
            {
                let newlines = count_byte(text, b'\n');
                let after = match text.iter().rposition(|&b| b == b'\n') {
                    Some(i) => &text[i + 1..],
                    None => text,
                };
                let chars = if self.encoding != Encoding::Latin1 {
                    after.iter().filter(|&&b| (b as i8) >= -0x40).count()
                } else {
                    after.len()
                } as u64;
                self.advance(newlines, chars);
            }
            Encoding::Utf16Le | Encoding::Utf16Be => {
                let be = self.encoding == Encoding::Utf16Be;
                let unit = |c: &[u8]| {
                    if be {
                        u16::from_be_bytes([c[0], c[1]])
                    } else {
                        u16::from_le_bytes([c[0], c[1]])
                    }
                };
                let units = text.chunks_exact(2);
                let newlines = units.clone().filter(|c| unit(c) == 0x0A).count() as u64;
                let last_nl = units.clone().rposition(|c| unit(c) == 0x0A);
                let after = match last_nl {
                    Some(i) => &text[2 * i + 2..],
                    None => text,
                };
                let chars = after
                    .chunks_exact(2)
                    .filter(|c| !(0xDC00..0xE000).contains(&unit(c)))
                    .count() as u64;
                self.advance(newlines, chars);
            }
            Encoding::Utf32Le | Encoding::Utf32Be => {
                let be = self.encoding == Encoding::Utf32Be;
                let unit = |c: &[u8]| {
                    let b = [c[0], c[1], c[2], c[3]];
                    if be {
                        u32::from_be_bytes(b)
                    } else {
                        u32::from_le_bytes(b)
                    }
                };
                let units = text.chunks_exact(4);
                let newlines = units.clone().filter(|c| unit(c) == 0x0A).count() as u64;
                let chars = match units.clone().rposition(|c| unit(c) == 0x0A) {
                    Some(i) => units.len() - i - 1,
                    None => units.len(),
                } as u64;
                self.advance(newlines, chars);
            }
            // `Encoding` is `#[non_exhaustive]`: an encoding this tool does not know
            // yet has no line/column positions.
            _ => {}
        }
    }

    fn advance(&mut self, newlines: u64, chars_after_last: u64) {
        if newlines > 0 {
            self.newlines += newlines;
            self.column = chars_after_last;
        } else {
            self.column += chars_after_last;
        }
    }

    /// 1-based line and column of the position after the counted text.
    pub fn position(&self) -> (u64, u64) {
        (self.newlines + 1, self.column + 1)
    }
}

/// Number of bytes equal to `needle` (auto-vectorised: 255-byte blocks of u8 sums).
pub fn count_byte(bytes: &[u8], needle: u8) -> u64 {
    let mut total = 0u64;
    let mut blocks = bytes.chunks_exact(255);
    for block in &mut blocks {
        let n: u8 = block.iter().map(|&b| (b == needle) as u8).sum();
        total += n as u64;
    }
    total + blocks.remainder().iter().filter(|&&b| b == needle).count() as u64
}
