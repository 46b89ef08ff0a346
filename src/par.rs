//! Multi-threaded validation and transcoding of large in-memory buffers (feature
//! `rayon`), on rayon's global thread pool.
//!
//! The input is cut into pieces at [`piece_boundary`](crate::piece_boundary) positions
//! (the cuts of the `utfast` command), so that every piece can be validated or
//! converted on its own and the joined results are exactly those of one thread:
//! output, error kind and error position included.
//!
//! Transcoding writes every piece straight into its place in the destination.
//! `par_transcode` works in rounds: `threads - 1` pieces whose output lengths were
//! counted (the SIMD counters, a fraction of a conversion's cost) are converted into
//! their exact slots while one more piece, after them, is converted into the rest of
//! the buffer (its length is not needed: nothing follows it in the round); the
//! counting of the next round's pieces overlaps that last conversion. A counted piece
//! whose conversion does not fill its slot exactly is not valid text: the conversion
//! goes on from its start on one thread (strict: stopping at the error). In lossy
//! mode the counts are exact lossy lengths.
//!
//! `par_transcode_to_vec` allocates its output at the exact size: a first parallel
//! pass counts every piece, a second converts each into its slot (lossy input with
//! errors: the failed pieces are counted exactly and the pieces from the first of
//! them converted again).

extern crate std;

use crate::kernel::active;
use crate::len::{lossy_output_len_with, valid_output_len};
use crate::split::{piece_boundary, piece_starts};
use alloc::vec;
use alloc::vec::Vec;
use rayon::prelude::*;
use utfast_scalar::{Encoding, ErrorKind, Mode, TranscodeError, Utf8Error};
use utfast_simd::Kernel;

/// Smallest piece: below two of these the work stays on the calling thread.
const MIN_PIECE: usize = 256 * 1024;
/// Largest piece (a few per thread keep the threads evenly loaded).
const MAX_PIECE: usize = 4 << 20;

/// The piece size for `len` bytes, or `None` if one thread should do it all.
fn piece_size(len: usize) -> Option<usize> {
    let threads = rayon::current_num_threads();
    if threads < 2 || len < 2 * MIN_PIECE {
        return None;
    }
    Some((len / (4 * threads)).clamp(MIN_PIECE, MAX_PIECE) & !3)
}

/// `src` cut into pieces.
struct Pieces<'a> {
    src: &'a [u8],
    cuts: Vec<usize>,
}

impl<'a> Pieces<'a> {
    fn new(src: &'a [u8], encoding: Encoding, piece: usize) -> Self {
        Pieces {
            src,
            cuts: piece_starts(src, encoding, piece),
        }
    }
    fn len(&self) -> usize {
        self.cuts.len()
    }
    fn get(&self, i: usize) -> &'a [u8] {
        let end = self.cuts.get(i + 1).copied().unwrap_or(self.src.len());
        &self.src[self.cuts[i]..end]
    }
}

/// [`validate_utf8`](crate::validate_utf8) on several threads: the same result,
/// error position and kind included.
///
/// Inputs under 512 KiB, or a pool of one thread, are validated on the calling
/// thread. The first invalid piece is validated again from its start on the calling
/// thread, which stops at the error (within that piece or at most 3 bytes after it).
///
/// ```
/// let mut text = "Grüße, 世界 😀 ".repeat(100_000).into_bytes();
/// assert!(utfast::par_validate_utf8(&text).is_ok());
/// text[1_000_003] = 0xFF;
/// assert_eq!(utfast::par_validate_utf8(&text), utfast::validate_utf8(&text));
/// ```
pub fn par_validate_utf8(src: &[u8]) -> Result<(), Utf8Error> {
    match piece_size(src.len()) {
        Some(piece) => par_validate_utf8_in_pieces(src, piece),
        None => crate::validate_utf8(src),
    }
}

/// [`par_validate_utf8`] with pieces of about `piece` bytes (a multiple of 4), for
/// tests that cut small inputs many times.
#[doc(hidden)]
pub fn par_validate_utf8_in_pieces(src: &[u8], piece: usize) -> Result<(), Utf8Error> {
    let k = active();
    let pieces = Pieces::new(src, Encoding::Utf8, piece);
    let bad = (0..pieces.len())
        .into_par_iter()
        .position_first(|i| !k.is_utf8(pieces.get(i)));
    let Some(i) = bad else {
        return Ok(());
    };
    let start = pieces.cuts[i];
    k.validate_utf8(&src[start..]).map_err(|e| {
        let len = e.error_len().map(|n| n as u8);
        Utf8Error::new(start + e.valid_up_to(), len, e.kind())
    })
}

/// [`transcode`](crate::transcode) on several threads: the same output and the same
/// result, error kind and positions included (in bytes).
///
/// Buffer size: as `transcode` (`max_output_len(from, to, src.len())` always
/// suffices). Inputs under 512 KiB, or a pool of one thread, are converted on the
/// calling thread. Unlike `transcode`, after an error of any kind the bytes of `dst`
/// after `written()` may have been written (pieces converted ahead of the error).
///
/// ```
/// use utfast::{Encoding, Mode};
/// let text = "Grüße, 世界 😀 ".repeat(60_000);
/// let mut dst = vec![0u8; utfast::max_output_len(Encoding::Utf8, Encoding::Utf16Le, text.len())];
/// let n = utfast::par_transcode(text.as_bytes(), &mut dst, Encoding::Utf8, Encoding::Utf16Le, Mode::Strict)?;
/// let want: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
/// assert_eq!(dst[..n], want[..]);
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn par_transcode(
    src: &[u8],
    dst: &mut [u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    match piece_size(src.len()) {
        Some(piece) => par_transcode_in_pieces(src, dst, (from, to, mode), piece),
        None => active().transcode(src, dst, from, to, mode),
    }
}

/// [`par_transcode`] with pieces of about `piece` bytes (a multiple of 4), for tests.
#[doc(hidden)]
pub fn par_transcode_in_pieces(
    src: &[u8],
    dst: &mut [u8],
    (from, to, mode): (Encoding, Encoding, Mode),
    piece: usize,
) -> Result<usize, TranscodeError> {
    pipelined(active(), src, dst, (from, to, mode), piece)
}

/// One task of a round of [`pipelined`].
enum Task<'s, 'd> {
    /// Convert `src` into `slot` (exactly its counted length), then count `next`.
    Counted {
        src: &'s [u8],
        slot: &'d mut [u8],
        next: &'s [u8],
    },
    /// Convert `src` into the rest of the destination.
    Last { src: &'s [u8], rest: &'d mut [u8] },
}

/// What a task did: its conversion's result, the output length of its `next` piece,
/// and how long it took.
struct Done {
    result: Result<usize, TranscodeError>,
    next_len: usize,
    nanos: u128,
}

/// `par_transcode` without a counting pass over all of the text. A round converts
/// `threads - 1` pieces whose output lengths are known (they were counted in the
/// round before) into their exact places, and, at the same time, one longer piece
/// after them into the rest of `dst`: its output length is not needed, since nothing
/// follows it in this round, and its conversion returns it. While the last piece is
/// converted, the other threads count the pieces of the next round (counting costs a
/// fraction of converting). Only `threads - 1` pieces in `threads` are counted, so
/// two threads reach (2 + r) / (1 + r) times one thread's speed, r being the cost of
/// counting relative to converting, instead of 2 / (1 + r) for count-then-convert.
/// The last piece's length adapts, round by round, to the measured times.
///
/// A piece whose conversion fails or whose length differs from its count (invalid
/// text in strict or trusted-valid mode), a `dst` too small for the counted pieces,
/// or an error in the last piece: one thread goes on from that piece's start, so the
/// result, including the error, is one thread's.
fn pipelined(
    k: &Kernel,
    src: &[u8],
    dst: &mut [u8],
    (from, to, mode): (Encoding, Encoding, Mode),
    piece: usize,
) -> Result<usize, TranscodeError> {
    let count = |p: &[u8]| match mode {
        // Exact for any input (and the text is cut as the lossy conversion needs).
        Mode::Lossy => lossy_output_len_with(k, p, from, to),
        // Exact for valid input; invalid input fails the conversion of that piece.
        _ => valid_output_len(k, p, from, to),
    };
    let counted = rayon::current_num_threads().max(2) - 1;
    let piece = piece.max(4) & !3;
    // The pieces are cut at `piece_boundary` after `at` rounded down to a multiple of
    // 4 (so that a UTF-16/UTF-32 unit is never split); a cut `piece >= 4` bytes after
    // the previous one stays after it.
    let cut = |at: usize| -> usize {
        let at = at.min(src.len());
        let at = at - at % 4;
        piece_boundary(from, src, at)
    };
    let next_pieces = |start: usize| -> Vec<(usize, usize)> {
        let mut v = Vec::with_capacity(counted);
        let mut at = start;
        while v.len() < counted && at < src.len() {
            let end = cut(at + piece);
            let end = if src.len() - end < 4 { src.len() } else { end };
            v.push((at, end));
            at = end;
        }
        v
    };
    let mut pieces = next_pieces(0);
    let mut lens: Vec<usize> = pieces.par_iter().map(|&(a, b)| count(&src[a..b])).collect();
    // Length of the last piece relative to a counted one (adapted after each round).
    let mut ratio = 1.3f64;
    let mut pos = 0usize; // input converted so far
    let mut out = 0usize; // output written so far
    let single = |pos: usize, out: usize, dst: &mut [u8]| match k.transcode(
        &src[pos..],
        &mut dst[out..],
        from,
        to,
        mode,
    ) {
        Ok(w) => Ok(out + w),
        Err(e) => Err(TranscodeError::new(
            e.kind(),
            pos + e.valid_up_to(),
            out + e.written(),
        )),
    };
    loop {
        if pos == src.len() {
            return Ok(out);
        }
        let counted_end = pieces.last().map_or(pos, |p| p.1);
        let total: usize = lens.iter().sum();
        if out + total > dst.len() || pieces.is_empty() {
            return single(pos, out, dst);
        }
        // The last piece of this round, then the next round's counted pieces.
        let want = (piece as f64 * ratio) as usize;
        let last_end = if counted_end >= src.len() {
            src.len()
        } else {
            let e = cut(counted_end + want.max(4));
            if src.len() - e < piece / 2 {
                src.len()
            } else {
                e
            }
        };
        let upcoming = next_pieces(last_end);
        let mut tasks = Vec::with_capacity(pieces.len() + 1);
        let mut rest = &mut dst[out..];
        for (j, (&(a, b), &len)) in pieces.iter().zip(&lens).enumerate() {
            let (slot, after) = rest.split_at_mut(len);
            rest = after;
            let next = upcoming.get(j).map_or(&src[..0], |&(c, d)| &src[c..d]);
            tasks.push(Task::Counted {
                src: &src[a..b],
                slot,
                next,
            });
        }
        if counted_end < last_end {
            tasks.push(Task::Last {
                src: &src[counted_end..last_end],
                rest,
            });
        }
        let done: Vec<Done> = tasks
            .into_par_iter()
            .map(|task| {
                let t = std::time::Instant::now();
                let (result, next_len) = match task {
                    Task::Counted { src, slot, next } => {
                        let r = k.transcode(src, slot, from, to, mode);
                        let n = if next.is_empty() { 0 } else { count(next) };
                        (r, n)
                    }
                    Task::Last { src, rest } => (k.transcode(src, rest, from, to, mode), 0),
                };
                Done {
                    result,
                    next_len,
                    nanos: t.elapsed().as_nanos(),
                }
            })
            .collect();
        // The counted pieces, in order: each must have filled its slot exactly.
        for (j, (&(a, _), &len)) in pieces.iter().zip(&lens).enumerate() {
            match done[j].result {
                Ok(w) if w == len => out += w,
                _ => return single(a, out, dst),
            }
        }
        if counted_end < last_end {
            let d = &done[pieces.len()];
            match &d.result {
                Ok(w) => out += w,
                // The last piece ran into the rest of `dst` from where one thread
                // would have been: its result is one thread's.
                Err(e) => {
                    return Err(TranscodeError::new(
                        e.kind(),
                        counted_end + e.valid_up_to(),
                        out + e.written(),
                    ))
                }
            }
            // Balance the next round: the last piece should take as long as a
            // counted piece's conversion and the count after it.
            let busy = done[..pieces.len()]
                .iter()
                .map(|d| d.nanos)
                .max()
                .unwrap_or(0) as f64;
            let last_len = (last_end - counted_end) as f64;
            let per_byte_last = d.nanos as f64 / last_len.max(1.0);
            let per_byte_counted = busy / piece as f64;
            if per_byte_last > 0.0 && busy > 0.0 {
                let target = (per_byte_counted / per_byte_last).clamp(0.5, 4.0);
                ratio = 0.5 * ratio + 0.5 * target;
            }
        }
        pos = last_end;
        lens = done[..upcoming.len()].iter().map(|d| d.next_len).collect();
        pieces = upcoming;
    }
}

/// [`transcode_to_vec`](crate::transcode_to_vec) on several threads: the same result.
/// The output is allocated once at its exact size for valid input (lossy input with
/// errors: once more, at its exact lossy size).
///
/// ```
/// use utfast::{Encoding, Mode};
/// let mut utf16: Vec<u8> = "añb€".repeat(200_000).encode_utf16().flat_map(u16::to_be_bytes).collect();
/// utf16[700_001] = 0xDC; // an unpaired low surrogate
/// let strict = utfast::par_transcode_to_vec(&utf16, Encoding::Utf16Be, Encoding::Utf8, Mode::Strict);
/// assert_eq!(strict, utfast::transcode_to_vec(&utf16, Encoding::Utf16Be, Encoding::Utf8, Mode::Strict));
/// let lossy = utfast::par_transcode_to_vec(&utf16, Encoding::Utf16Be, Encoding::Utf8, Mode::Lossy)?;
/// assert_eq!(lossy.len(), utfast::lossy_output_len(&utf16, Encoding::Utf16Be, Encoding::Utf8));
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn par_transcode_to_vec(
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
) -> Result<Vec<u8>, TranscodeError> {
    match piece_size(src.len()) {
        Some(piece) => par_transcode_to_vec_in_pieces(src, (from, to, mode), piece),
        None => crate::transcode_to_vec(src, from, to, mode),
    }
}

/// [`par_transcode_to_vec`] with pieces of about `piece` bytes (a multiple of 4).
#[doc(hidden)]
pub fn par_transcode_to_vec_in_pieces(
    src: &[u8],
    (from, to, mode): (Encoding, Encoding, Mode),
    piece: usize,
) -> Result<Vec<u8>, TranscodeError> {
    let k = active();
    let pieces = Pieces::new(src, from, piece);
    let mut lens = predicted_lens(k, &pieces, from, to);
    for attempt in 0..2 {
        let mut out = vec![0u8; lens.iter().sum()];
        match convert(k, &pieces, lens.clone(), &mut out, from, to, mode) {
            Ok(n) => {
                out.truncate(n);
                return Ok(out);
            }
            Err(e) if e.kind() != ErrorKind::OutputTooSmall => return Err(e),
            // Invalid input made the valid-text counts too small.
            Err(_) if mode == Mode::Lossy && attempt == 0 => {
                lens = (0..pieces.len())
                    .into_par_iter()
                    .map(|i| lossy_output_len_with(k, pieces.get(i), from, to))
                    .collect();
            }
            Err(_) => break,
        }
    }
    // Strict or trusted-valid mode on input that is not valid (not reached in lossy
    // mode, whose exact lengths always fit): one thread, worst-case buffer.
    crate::transcode_to_vec(src, from, to, mode)
}

/// Each piece's output length if it is valid text.
fn predicted_lens(k: &Kernel, pieces: &Pieces<'_>, from: Encoding, to: Encoding) -> Vec<usize> {
    (0..pieces.len())
        .into_par_iter()
        .map(|i| valid_output_len(k, pieces.get(i), from, to))
        .collect()
}

/// Converts every piece into its slot of `dst` (slots of `lens` bytes), as described
/// in the module docs.
fn convert(
    k: &Kernel,
    pieces: &Pieces<'_>,
    mut lens: Vec<usize>,
    dst: &mut [u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let n = pieces.len();
    // Pieces `..first_todo` are converted at their final places.
    let mut first_todo = 0;
    let mut rounds = 0;
    let fits = loop {
        rounds += 1;
        let mut offsets = Vec::with_capacity(n + 1);
        offsets.push(0usize);
        for &len in &lens {
            offsets.push(offsets[offsets.len() - 1].saturating_add(len));
        }
        // Pieces `..fits` have room in `dst`.
        let fits = (0..n).find(|&i| offsets[i + 1] > dst.len()).unwrap_or(n);
        let mut slots = Vec::with_capacity(fits - first_todo.min(fits));
        let mut rest = &mut dst[offsets[first_todo.min(fits)]..offsets[fits]];
        for &len in &lens[first_todo.min(fits)..fits] {
            let (slot, after) = rest.split_at_mut(len);
            slots.push(slot);
            rest = after;
        }
        let base = first_todo.min(fits);
        let failed = slots
            .into_par_iter()
            .enumerate()
            .map(|(j, slot)| {
                let want = slot.len();
                match k.transcode(pieces.get(base + j), slot, from, to, mode) {
                    Ok(w) => w != want,
                    Err(_) => true,
                }
            })
            .collect::<Vec<bool>>();
        let Some(f) = failed.iter().position(|&x| x) else {
            break fits;
        };
        let f = base + f;
        // Strict or trusted-valid: the rest goes to one thread. Lossy: a piece fails
        // at most once (then its length is exact); the bound only guards the loop.
        if mode != Mode::Lossy || rounds > n {
            break f;
        }
        // Count the failed pieces exactly; they and everything after them move.
        let exact: Vec<(usize, usize)> = failed
            .par_iter()
            .enumerate()
            .filter(|&(_, &bad)| bad)
            .map(|(j, _)| {
                let i = base + j;
                (i, lossy_output_len_with(k, pieces.get(i), from, to))
            })
            .collect();
        for (i, len) in exact {
            lens[i] = len;
        }
        first_todo = f;
    };
    let start = if fits < n {
        pieces.cuts[fits]
    } else {
        pieces.src.len()
    };
    let out: usize = lens[..fits].iter().sum();
    if fits == n {
        return Ok(out);
    }
    // The rest on this thread: an error, a full `dst`, or (lossy) more text than the
    // counts said.
    match k.transcode(&pieces.src[start..], &mut dst[out..], from, to, mode) {
        Ok(w) => Ok(out + w),
        Err(e) => Err(TranscodeError::new(
            e.kind(),
            start + e.valid_up_to(),
            out + e.written(),
        )),
    }
}
