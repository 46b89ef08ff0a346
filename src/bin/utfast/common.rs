//! Shared pieces of the `utfast` command: errors and exit codes, encoding labels,
//! chunked input, line/column counting, atomic output files, progress bars.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use utfast::{incomplete_suffix_len, Encoding, ErrorKind};

/// Input buffer size: memory stays bounded whatever the input size, and input plus
/// output buffers stay in the L2 cache (the `read` copy is the largest fixed cost;
/// 64 KiB validated 147 MB about 10% faster than 256 KiB here).
pub const CHUNK: usize = 1 << 16;

/// Inputs larger than this get a progress bar (when stderr is a terminal).
const PROGRESS_MIN: u64 = 64 << 20;

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

/// An encoding named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Label {
    /// The encoding (for "utf-16"/"utf-32": the little-endian default).
    pub encoding: Encoding,
    /// `true` for "utf-16"/"utf-32": byte order from a BOM, BOM written on output.
    pub unlabelled: bool,
}

impl Label {
    /// The BOMs that decide the byte order ("utf-16"/"utf-32") or, with `strip`, the
    /// BOM of a labelled encoding that is removed.
    pub fn boms(self, strip: bool) -> Vec<&'static [u8]> {
        match (self.unlabelled, self.bits()) {
            (true, 32) => vec![Encoding::Utf32Le.bom(), Encoding::Utf32Be.bom()],
            (true, _) => vec![Encoding::Utf16Le.bom(), Encoding::Utf16Be.bom()],
            (false, _) if strip => vec![self.encoding.bom()],
            (false, _) => vec![],
        }
    }

    /// The width in bits for [`Encoding::for_unlabelled`].
    pub fn bits(self) -> u32 {
        if self.encoding.unit_size() == 4 {
            32
        } else {
            16
        }
    }
}

/// Parses an encoding label: those of [`Encoding::from_label`] plus "utf-16"/"utf-32".
pub fn parse_label(label: &str) -> Result<Label, Failure> {
    let l = label.trim();
    let unlabelled = |encoding| {
        Ok(Label {
            encoding,
            unlabelled: true,
        })
    };
    if l.eq_ignore_ascii_case("utf-16") || l.eq_ignore_ascii_case("utf16") {
        return unlabelled(Encoding::Utf16Le);
    }
    if l.eq_ignore_ascii_case("utf-32") || l.eq_ignore_ascii_case("utf32") {
        return unlabelled(Encoding::Utf32Le);
    }
    match Encoding::from_label(l) {
        Some(encoding) => Ok(Label {
            encoding,
            unlabelled: false,
        }),
        None => Err(Failure::Usage(format!(
            "unknown encoding '{label}' (known: utf-8, utf-16, utf-16le, utf-16be, utf-32, \
             utf-32le, utf-32be, latin1)"
        ))),
    }
}

/// An opened input: a file or stdin.
pub struct Input {
    /// The name used in messages (`<stdin>` for standard input).
    pub name: String,
    /// The size when known (regular files).
    pub size: Option<u64>,
    /// The path of a regular file (which can be read again).
    pub path: Option<String>,
    /// A regular file, for positioned reads by several threads.
    pub file: Option<File>,
    /// The reader.
    pub reader: Box<dyn Read + Send>,
}

/// Opens `path` (`None` or `-`: stdin).
pub fn open_input(path: Option<&str>) -> Result<Input, Failure> {
    match path {
        None | Some("-") => Ok(Input {
            name: "<stdin>".into(),
            size: None,
            path: None,
            file: None,
            reader: Box::new(io::stdin()),
        }),
        Some(p) => {
            let file =
                File::open(p).map_err(|e| Failure::Usage(format!("cannot open {p}: {e}")))?;
            let meta = file
                .metadata()
                .map_err(|e| Failure::Usage(format!("cannot open {p}: {e}")))?;
            if meta.is_dir() {
                return Err(Failure::Usage(format!("cannot read {p}: is a directory")));
            }
            let positioned = if meta.is_file() {
                Some(
                    file.try_clone()
                        .map_err(|e| Failure::Usage(format!("cannot open {p}: {e}")))?,
                )
            } else {
                None
            };
            Ok(Input {
                name: p.into(),
                size: meta.is_file().then_some(meta.len()),
                path: meta.is_file().then(|| p.to_string()),
                file: positioned,
                reader: Box::new(file),
            })
        }
    }
}

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
            Encoding::Utf8
            | Encoding::Latin1
            | Encoding::Koi8R
            | Encoding::Windows1251
            | Encoding::Ibm866
            | Encoding::Wtf8
            | Encoding::Cesu8
            | Encoding::Mutf8 => {
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

/// An output file written under a temporary name beside it and renamed into place by
/// [`commit`](Self::commit); dropped uncommitted, the temporary file is removed.
pub struct AtomicFile {
    file: Option<File>,
    tmp: PathBuf,
    target: PathBuf,
}

impl AtomicFile {
    /// Creates the temporary file beside `target`.
    pub fn create(target: &Path) -> Result<Self, Failure> {
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = target.file_name().ok_or_else(|| {
            Failure::Usage(format!(
                "cannot write {}: not a file name",
                target.display()
            ))
        })?;
        let mut last_err = None;
        for attempt in 0..100u32 {
            let tmp = dir.join(format!(
                ".{}.utfast-{}-{attempt}.tmp",
                name.to_string_lossy(),
                std::process::id()
            ));
            match File::options().write(true).create_new(true).open(&tmp) {
                Ok(file) => {
                    // A replaced file keeps its permissions (best effort).
                    if let Ok(meta) = std::fs::metadata(target) {
                        let _ = file.set_permissions(meta.permissions());
                    }
                    return Ok(AtomicFile {
                        file: Some(file),
                        tmp,
                        target: target.to_path_buf(),
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last_err = Some(e),
                Err(e) => {
                    last_err = Some(e);
                    break;
                }
            }
        }
        let e = last_err.expect("at least one attempt");
        Err(Failure::Usage(format!(
            "cannot write {}: {e}",
            target.display()
        )))
    }

    /// Renames the temporary file to the target.
    pub fn commit(mut self) -> Result<(), Failure> {
        let target = self.target.display().to_string();
        drop(self.file.take());
        std::fs::rename(&self.tmp, &self.target).map_err(|e| output_error(&target, e))?;
        self.tmp = PathBuf::new();
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file
            .as_mut()
            .expect("file present until commit")
            .write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.file
            .as_mut()
            .expect("file present until commit")
            .flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.tmp.as_os_str().is_empty() {
            self.file = None;
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// A progress bar on stderr for large inputs when stderr is a terminal.
pub fn progress(size: Option<u64>) -> Option<ProgressBar> {
    let size = size?;
    if size <= PROGRESS_MIN || !io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(Some(size), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}")
    {
        bar.set_style(style);
    }
    Some(bar)
}

/// Where converted text goes: stdout, or an [`AtomicFile`].
pub enum Sink {
    /// Standard output.
    Stdout(io::StdoutLock<'static>),
    /// A file that appears only when the conversion succeeded.
    File(AtomicFile, String),
    /// An existing path that is not a regular file (a device such as `/dev/null`,
    /// a FIFO, a terminal): written in place, since renaming a temporary file over
    /// it would replace the device itself.
    Special(File, String),
}

impl Sink {
    /// Opens `path` (through a temporary file when it is, or will be, a regular
    /// file) or stdout.
    pub fn open(path: Option<&Path>) -> Result<Self, Failure> {
        let Some(p) = path else {
            return Ok(Sink::Stdout(io::stdout().lock()));
        };
        let name = p.display().to_string();
        // `metadata` follows symbolic links: what matters is what gets written.
        match std::fs::metadata(p) {
            Ok(meta) if !meta.is_file() && !meta.is_dir() => {
                let file = File::options()
                    .write(true)
                    .open(p)
                    .map_err(|e| Failure::Usage(format!("cannot write {name}: {e}")))?;
                Ok(Sink::Special(file, name))
            }
            _ => {
                // Write beside the file a link points to, so that the link stays a link.
                let target = match std::fs::symlink_metadata(p) {
                    Ok(m) if m.file_type().is_symlink() => {
                        std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
                    }
                    _ => p.to_path_buf(),
                };
                Ok(Sink::File(AtomicFile::create(&target)?, name))
            }
        }
    }

    /// Writes all of `bytes`.
    pub fn put(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        let r = match self {
            Sink::Stdout(s) => s.write_all(bytes),
            Sink::File(f, _) => f.write_all(bytes),
            Sink::Special(f, _) => f.write_all(bytes),
        };
        r.map_err(|e| output_error(self.name(), e))
    }

    /// Passes what was put on, for a reader waiting at the other end of a pipe.
    pub fn flush(&mut self) -> Result<(), Failure> {
        let r = match self {
            Sink::Stdout(s) => s.flush(),
            Sink::File(..) => Ok(()),
            Sink::Special(f, _) => f.flush(),
        };
        r.map_err(|e| output_error(self.name(), e))
    }

    fn name(&self) -> &str {
        match self {
            Sink::Stdout(_) => "standard output",
            Sink::File(_, name) | Sink::Special(_, name) => name,
        }
    }

    /// Flushes, and moves a file into place.
    pub fn finish(self) -> Result<(), Failure> {
        match self {
            Sink::Stdout(mut s) => s.flush().map_err(|e| output_error("standard output", e)),
            Sink::File(mut f, name) => {
                f.flush().map_err(|e| output_error(&name, e))?;
                f.commit()
            }
            Sink::Special(mut f, name) => f.flush().map_err(|e| output_error(&name, e)),
        }
    }
}
