//! `utfast validate`, `detect` and `count`: read-only commands.

use crate::chunker::{Chunker, CHUNK};
use crate::failure::{invalid_message, output_error, Failure, Location};
use crate::input::open_input;
use crate::label::{parse_label, Label};
use crate::lines::{count_byte, Lines};
use crate::parallel::{self, Pieces};
use crate::progress::progress;
use indicatif::ProgressBar;
use std::fs::File;
use std::io::{self, Write};
use utfast::{incomplete_suffix_len, BomHandling, Encoding, ErrorKind, Mode, Status, Transcoder};
use utfast_scalar::transcode::max_output_len;

/// Validates whole characters `text` in `encoding`: `Err((valid_up_to, kind))`.
fn check(encoding: Encoding, text: &[u8]) -> Result<(), (usize, ErrorKind)> {
    let k = utfast_simd::active();
    match encoding {
        Encoding::Utf8 => k
            .validate_utf8(text)
            .map_err(|e| (e.valid_up_to(), e.kind())),
        // WTF-8, CESU-8, MUTF-8
        Encoding::Wtf8 => k
            .validate_wtf8(text)
            .map_err(|e| (e.valid_up_to(), e.kind())),
        Encoding::Cesu8 => k
            .validate_cesu8(text)
            .map_err(|e| (e.valid_up_to(), e.kind())),
        Encoding::Mutf8 => k
            .validate_mutf8(text)
            .map_err(|e| (e.valid_up_to(), e.kind())),
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let endian = encoding.endian().expect("UTF-16 has a byte order");
            k.validate_utf16(text, endian)
                .map_err(|e| (e.valid_up_to(), e.kind()))
        }
        Encoding::Utf32Le | Encoding::Utf32Be => {
            let endian = encoding.endian().expect("UTF-32 has a byte order");
            k.validate_utf32(text, endian)
                .map_err(|e| (e.valid_up_to(), e.kind()))
        }
        Encoding::Latin1 => Ok(()),
        // Code pages: every byte is a character but the undefined ones of a few.
        e if utfast_scalar::CodePage::of(e).is_some() => {
            match utfast_scalar::CodePage::of(e).and_then(|cp| cp.first_undefined(text)) {
                Some(at) => Err((at, ErrorKind::UndefinedByte)),
                None => Ok(()),
            }
        }
        // `Encoding` is `#[non_exhaustive]`: the library's validator.
        _ => utfast::validate(text, encoding).map_err(|e| (e.offset as usize, e.kind)),
    }
}

/// The encoding to read `head` in, and the BOM length to skip ("utf-16"/"utf-32").
fn resolve(label: Label, head: &[u8]) -> (Encoding, usize) {
    if label.unlabelled {
        Encoding::for_unlabelled(label.bits(), head)
    } else {
        (label.encoding, 0)
    }
}

/// Result of validating one input.
struct Verdict {
    encoding: Encoding,
    error: Option<(Location, ErrorKind)>,
}

/// Streams `chunker` through the validator of `label`, calling `on_text` with every
/// validated piece of text (whole characters).
fn validate_stream(
    chunker: &mut Chunker,
    label: Label,
    size: Option<u64>,
    path: Option<&str>,
    on_text: impl FnMut(&[u8]),
) -> Result<Verdict, Failure> {
    let (encoding, bom_len) = resolve(label, chunker.head_for_bom(&label.boms(false))?);
    let bar = progress(size);
    let lines = Lines::new(path, encoding, bom_len);
    let verdict = validate_chunks(chunker, encoding, bom_len, lines, bar.as_ref(), on_text);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    verdict
}

/// Validates the chunks of `chunker` (the first `skip` bytes are a BOM).
fn validate_chunks(
    chunker: &mut Chunker,
    encoding: Encoding,
    mut skip: usize,
    mut lines: Lines,
    bar: Option<&ProgressBar>,
    mut on_text: impl FnMut(&[u8]),
) -> Result<Verdict, Failure> {
    while let Some(chunk) = chunker.next(encoding)? {
        let text = &chunk.bytes[skip.min(chunk.bytes.len())..];
        let start = chunk.start + skip.min(chunk.bytes.len()) as u64;
        skip = 0;
        if let Err((valid, kind)) = check(encoding, text) {
            let at = lines.locate(start + valid as u64, chunk.start, chunk.bytes);
            return Ok(Verdict {
                encoding,
                error: Some((at, kind)),
            });
        }
        lines.feed(chunk.bytes);
        on_text(text);
        if let Some(bar) = bar {
            bar.inc(chunk.bytes.len() as u64);
        }
    }
    Ok(Verdict {
        encoding,
        error: None,
    })
}

/// Validates a regular file in pieces on `threads` threads; from the first piece
/// that is not valid on, on one thread for the exact error.
fn validate_parallel(
    chunker: &mut Chunker,
    file: File,
    label: Label,
    (name, size, path): (&str, u64, Option<&str>),
    (threads, piece): (usize, u64),
) -> Result<Verdict, Failure> {
    let (encoding, bom_len) = resolve(label, chunker.head_for_bom(&label.boms(false))?);
    let pieces = Pieces::new(file, (name, path), encoding, (bom_len as u64, size), piece)?;
    let bar = progress(Some(size));
    let buffers = (0..=threads)
        .map(|_| Chunker::new(pieces.input(0, 1)))
        .collect();
    let validate_piece = |i: usize, chunker: &mut Chunker| -> Result<bool, Failure> {
        pieces.chunker(i, chunker);
        while let Some(chunk) = chunker.next(encoding)? {
            if check(encoding, chunk.bytes).is_err() {
                return Ok(false);
            }
            if let Some(bar) = &bar {
                bar.inc(chunk.bytes.len() as u64);
            }
        }
        Ok(true)
    };
    let done = parallel::run(pieces.len(), threads, buffers, validate_piece, |_| Ok(()));
    let verdict = match done {
        Ok(None) => Ok(Verdict {
            encoding,
            error: None,
        }),
        Ok(Some(i)) => {
            let lines = Lines::new(path, encoding, bom_len);
            validate_chunks(&mut pieces.rest(i), encoding, 0, lines, None, |_| {})
        }
        Err(f) => Err(f),
    };
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    verdict
}

/// Escapes a string for JSON.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn say(line: &str) -> Result<(), Failure> {
    writeln!(io::stdout().lock(), "{line}").map_err(|e| output_error("standard output", e))
}

/// Runs `validate`: returns the exit status (0 all valid, 1 some invalid, 2 errors).
pub fn validate(
    label: &str,
    json: bool,
    files: &[String],
    (threads, piece): (usize, u64),
) -> Result<u8, Failure> {
    let label = parse_label(label)?;
    let mut status = 0;
    for file in files {
        let mut input = match open_input(Some(file)) {
            Ok(i) => i,
            Err(Failure::Usage(msg)) => {
                eprintln!("utfast: {msg}");
                status = 2;
                continue;
            }
            Err(f) => return Err(f),
        };
        let (name, size, path) = (input.name.clone(), input.size, input.path.clone());
        let threads = parallel::threads_for(threads, size, piece);
        let positioned = input.file.take();
        let mut chunker = Chunker::new(input);
        let verdict = match (threads > 1, positioned, size) {
            (true, Some(f), Some(size)) => validate_parallel(
                &mut chunker,
                f,
                label,
                (&name, size, path.as_deref()),
                (threads, piece),
            ),
            _ => validate_stream(&mut chunker, label, size, path.as_deref(), |_| {}),
        };
        let verdict = match verdict {
            Ok(v) => v,
            Err(Failure::Usage(msg)) => {
                eprintln!("utfast: {msg}");
                status = 2;
                continue;
            }
            Err(f) => return Err(f),
        };
        if verdict.error.is_some() {
            status = status.max(1);
        }
        if json {
            let (offset, line, column, kind) = match verdict.error {
                Some((at, kind)) => {
                    let (line, column) = match at.line_column {
                        Some((l, c)) => (l.to_string(), c.to_string()),
                        None => ("null".into(), "null".into()),
                    };
                    (
                        at.offset.to_string(),
                        line,
                        column,
                        json_string(kind.description()),
                    )
                }
                None => ("null".into(), "null".into(), "null".into(), "null".into()),
            };
            say(&format!(
                "{{\"file\":{},\"valid\":{},\"encoding\":{},\"offset\":{offset},\"line\":{line},\"column\":{column},\"kind\":{kind}}}",
                json_string(&name),
                verdict.error.is_none(),
                json_string(verdict.encoding.name()),
            ))?;
        } else if let Some((at, kind)) = verdict.error {
            say(&invalid_message(&name, verdict.encoding, at, kind))?;
        }
    }
    Ok(status)
}

/// Streaming validity of one candidate encoding (with its own cut-character carry).
struct Candidate {
    encoding: Encoding,
    carry: Vec<u8>,
    valid: bool,
}

impl Candidate {
    fn feed(&mut self, bytes: &[u8], last: bool, scratch: &mut Vec<u8>) {
        if !self.valid {
            return;
        }
        let data: &[u8] = if self.carry.is_empty() {
            bytes
        } else {
            scratch.clear();
            scratch.extend_from_slice(&self.carry);
            scratch.extend_from_slice(bytes);
            scratch
        };
        let tail = if last {
            0
        } else {
            incomplete_suffix_len(self.encoding, data)
        };
        let body = data.len() - tail;
        self.valid = check(self.encoding, &data[..body]).is_ok();
        let rest = data[body..].to_vec();
        self.carry = rest;
    }
}

/// Runs `detect`: BOM and the encodings each file is valid in, most likely first.
pub fn detect(files: &[String]) -> Result<u8, Failure> {
    let mut status = 0;
    for file in files {
        match detect_one(file) {
            Ok(line) => say(&line)?,
            Err(Failure::Usage(msg)) => {
                eprintln!("utfast: {msg}");
                status = 2;
            }
            Err(f) => return Err(f),
        }
    }
    Ok(status)
}

fn detect_one(file: &str) -> Result<String, Failure> {
    let input = open_input(Some(file))?;
    let name = input.name.clone();
    let mut chunker = Chunker::new(input);
    let bom = utfast_scalar::encoding::detect_bom(chunker.head()?);
    let mut candidates: Vec<Candidate> = Encoding::ALL
        .iter()
        // Latin-1 and the Cyrillic code pages accept every byte: no candidates (the
        // code pages are not guessed: that needs a language detector).
        .filter(|&&e| e != Encoding::Latin1 && utfast_scalar::CodePage::of(e).is_none())
        // WTF-8, CESU-8, MUTF-8 are not guessed (most UTF-8 is valid in them too).
        .filter(|&&e| !matches!(e, Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8))
        .map(|&encoding| Candidate {
            encoding,
            carry: Vec::new(),
            valid: true,
        })
        .collect();
    // Zero bytes by stream position modulo 4: the byte order of UTF-16/32 text shows.
    let mut zeros = [0u64; 4];
    let mut total = 0u64;
    let mut scratch = Vec::with_capacity(CHUNK + 4);
    let mut guesser = Guesser::new(bom.is_none());
    while let Some(chunk) = chunker.next(Encoding::Latin1)? {
        for c in &mut candidates {
            c.feed(chunk.bytes, chunk.last, &mut scratch);
        }
        guesser.feed(chunk.bytes, chunk.last);
        for (i, &b) in chunk.bytes.iter().enumerate() {
            zeros[(chunk.start as usize + i) % 4] += (b == 0) as u64;
        }
        total += chunk.bytes.len() as u64;
    }
    // Text in UTF-16 has zero high bytes (Latin script) and non-zero low bytes; in
    // UTF-32 the two high bytes of every unit are zero.
    let half = (total / 2).max(1) as f64;
    let (odd, even) = ((zeros[1] + zeros[3]) as f64, (zeros[0] + zeros[2]) as f64);
    let plausibility = |e: Encoding| -> f64 {
        match e {
            Encoding::Utf16Le => (odd - even) / half,
            Encoding::Utf16Be => (even - odd) / half,
            Encoding::Utf32Le => (zeros[2] + zeros[3]) as f64 / half,
            Encoding::Utf32Be => (zeros[0] + zeros[1]) as f64 / half,
            _ => 0.0,
        }
    };
    let mut valid: Vec<(u8, f64, Encoding)> = candidates
        .iter()
        .filter(|c| c.valid)
        .map(|c| {
            let rank = if bom.map(|b| b.0) == Some(c.encoding) {
                0
            } else if c.encoding == Encoding::Utf8 {
                1
            } else {
                2
            };
            (rank, -plausibility(c.encoding), c.encoding)
        })
        .collect();
    // Not UTF-8 (and no BOM): a guess among the single-byte encodings. It goes
    // before UTF-16/UTF-32 unless their zero bytes make them plausible (any even
    // number of bytes without surrogates is valid UTF-16, so validity alone says
    // little).
    let utf8 = valid.iter().any(|v| v.2 == Encoding::Utf8);
    let guess = if utf8 { None } else { guesser.guess() };
    let mut note = String::new();
    match guess {
        Some(Ok(e)) => valid.push((2, -0.25, e)),
        Some(Err(other)) => {
            note = format!("; chardetng guesses {other}, which utfast does not convert")
        }
        None => {}
    }
    valid.push((3, 0.0, Encoding::Latin1));
    valid.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let names: Vec<String> = valid
        .iter()
        .map(|v| match guess {
            Some(Ok(e)) if e == v.2 => format!("{} (guessed by chardetng)", e.name()),
            _ => v.2.name().to_string(),
        })
        .collect();
    let bom = match bom {
        Some((e, _)) => format!("BOM {}", e.name()),
        None => "no BOM".into(),
    };
    Ok(format!(
        "{name}: {bom}; valid as {}{note}",
        names.join(", ")
    ))
}

/// The bytes that are Ukrainian letters in KOI8-U and box-drawing characters in
/// KOI8-R (the WHATWG indexes of the two differ only there).
#[cfg(feature = "chardetng")]
const KOI8_U_ONLY: [u8; 8] = [0xA4, 0xA6, 0xA7, 0xAD, 0xB4, 0xB6, 0xB7, 0xBD];

/// Bytes of a file the code-page guess looks at (its start).
#[cfg(feature = "chardetng")]
const GUESS_BYTES: u64 = 4 << 20;

/// The guess among single-byte encodings (feature `chardetng`): Firefox's detector
/// over the first [`GUESS_BYTES`] of a file without a BOM. Without the feature it
/// never guesses: the code pages accept any bytes, and telling them apart needs a
/// language model, not a home-made heuristic.
struct Guesser {
    #[cfg(feature = "chardetng")]
    /// The detector, the bytes fed so far, and whether any was not ASCII.
    detector: Option<(chardetng::EncodingDetector, u64, bool)>,
    /// Whether a byte where KOI8-U differs from KOI8-R was seen.
    #[cfg(feature = "chardetng")]
    koi8u: bool,
}

impl Guesser {
    fn new(wanted: bool) -> Self {
        #[cfg(not(feature = "chardetng"))]
        let _ = wanted;
        Guesser {
            #[cfg(feature = "chardetng")]
            detector: wanted.then(|| (chardetng::EncodingDetector::new(), 0, false)),
            #[cfg(feature = "chardetng")]
            koi8u: false,
        }
    }

    fn feed(&mut self, bytes: &[u8], last: bool) {
        #[cfg(feature = "chardetng")]
        if let Some((d, fed, non_ascii)) = &mut self.detector {
            if *fed < GUESS_BYTES {
                let take = bytes.len().min((GUESS_BYTES - *fed) as usize);
                // `last` only at the real end of the file (chardetng's contract
                // for a prefix of a longer stream).
                *non_ascii |= d.feed(&bytes[..take], last && take == bytes.len());
                self.koi8u |= bytes[..take].iter().any(|b| KOI8_U_ONLY.contains(b));
                *fed += take as u64;
            }
        }
        #[cfg(not(feature = "chardetng"))]
        let _ = (bytes, last);
    }

    /// The guess: an encoding utfast converts (a code page), or the name of one it
    /// does not (e.g. Shift_JIS); `None` without the feature, or for text that is all
    /// ASCII.
    fn guess(&self) -> Option<Result<Encoding, &'static str>> {
        #[cfg(feature = "chardetng")]
        if let Some((d, _, non_ascii)) = &self.detector {
            if !non_ascii {
                return None;
            }
            let name = match d.guess(None, false).name() {
                // chardetng has one KOI8 candidate, KOI8-U, a superset of KOI8-R's
                // letters: without the bytes where they differ the text is KOI8-R.
                "KOI8-U" if !self.koi8u => "KOI8-R",
                name => name,
            };
            return Some(
                Encoding::from_label(name)
                    .filter(|&ours| utfast_scalar::CodePage::of(ours).is_some())
                    .ok_or(name),
            );
        }
        None
    }
}

/// Code point statistics of UTF-8 text.
#[derive(Default)]
struct Stats {
    ascii: u64,
    lead2: u64,
    lead3: u64,
    lead4: u64,
    newlines: u64,
}

impl Stats {
    fn add(&mut self, utf8: &[u8]) {
        let mut blocks = utf8.chunks_exact(255);
        for block in &mut blocks {
            let (mut a, mut c, mut e, mut f) = (0u8, 0u8, 0u8, 0u8);
            for &b in block {
                a += (b < 0x80) as u8;
                c += (b >= 0xC0) as u8;
                e += (b >= 0xE0) as u8;
                f += (b >= 0xF0) as u8;
            }
            self.tally(a as u64, c as u64, e as u64, f as u64);
        }
        let rest = blocks.remainder();
        let n = |p: fn(u8) -> bool| rest.iter().filter(|&&b| p(b)).count() as u64;
        self.tally(
            n(|b| b < 0x80),
            n(|b| b >= 0xC0),
            n(|b| b >= 0xE0),
            n(|b| b >= 0xF0),
        );
        self.newlines += count_byte(utf8, b'\n');
    }

    fn tally(&mut self, ascii: u64, ge_c0: u64, ge_e0: u64, ge_f0: u64) {
        self.ascii += ascii;
        self.lead2 += ge_c0 - ge_e0;
        self.lead3 += ge_e0 - ge_f0;
        self.lead4 += ge_f0;
    }
}

/// Runs `count`: bytes, code points, lines and UTF-8 sequence-length shares.
pub fn count(label: &str, files: &[String]) -> Result<u8, Failure> {
    let label = parse_label(label)?;
    let mut status = 0;
    for file in files {
        match count_one(label, file) {
            Ok(Some(line)) => say(&line)?,
            Ok(None) => status = status.max(1),
            Err(Failure::Usage(msg)) => {
                eprintln!("utfast: {msg}");
                status = 2;
            }
            Err(f) => return Err(f),
        }
    }
    Ok(status)
}

fn count_one(label: Label, file: &str) -> Result<Option<String>, Failure> {
    let input = open_input(Some(file))?;
    let (name, size, path) = (input.name.clone(), input.size, input.path.clone());
    let mut chunker = Chunker::new(input);
    let mut stats = Stats::default();
    let mut bytes = 0u64;
    if label.encoding == Encoding::Utf8 {
        let verdict = validate_stream(&mut chunker, label, size, path.as_deref(), |text| {
            stats.add(text);
            bytes += text.len() as u64;
        })?;
        if let Some((at, kind)) = verdict.error {
            eprintln!("{}", invalid_message(&name, verdict.encoding, at, kind));
            return Ok(None);
        }
    } else {
        let (encoding, bom_len) = resolve(label, chunker.head_for_bom(&label.boms(false))?);
        let bom = if bom_len > 0 {
            BomHandling::Strip
        } else {
            BomHandling::Keep
        };
        let mut t = Transcoder::new(encoding, Encoding::Utf8, Mode::Strict).with_bom(bom);
        let mut lines = Lines::new(path.as_deref(), encoding, bom_len);
        let mut dst = vec![0u8; max_output_len(encoding, Encoding::Utf8, CHUNK) + 64];
        while let Some(chunk) = chunker.next(encoding)? {
            bytes += chunk.bytes.len() as u64;
            let mut src = chunk.bytes;
            loop {
                let (status, read, written) = t.transcode(src, &mut dst, chunk.last);
                stats.add(&dst[..written]);
                src = &src[read..];
                match status {
                    Status::InputEmpty => break,
                    Status::OutputFull => {}
                    Status::Malformed { offset, kind } => {
                        let at = lines.locate(offset, chunk.start, chunk.bytes);
                        eprintln!("{}", invalid_message(&name, encoding, at, kind));
                        return Ok(None);
                    }
                }
            }
            lines.feed(chunk.bytes);
        }
    }
    let chars = stats.ascii + stats.lead2 + stats.lead3 + stats.lead4;
    let pct = |n: u64| 100.0 * n as f64 / chars.max(1) as f64;
    Ok(Some(format!(
        "{name}: {bytes} bytes, {chars} code points, {} lines; 1-byte {:.1}%, 2-byte {:.1}%, 3-byte {:.1}%, 4-byte {:.1}%",
        stats.newlines,
        pct(stats.ascii),
        pct(stats.lead2),
        pct(stats.lead3),
        pct(stats.lead4)
    )))
}
