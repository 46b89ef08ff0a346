//! Large regular files on several threads.
//!
//! A file is cut into pieces of about [`PIECE`] bytes. Each cut is moved forward past
//! the continuation bytes (UTF-8, at most three) or the low surrogate (UTF-16) it
//! falls on ([`utfast::piece_boundary`], shared with the library's `par_*`
//! functions). In valid text every piece then starts on a character boundary, and in
//! invalid text no ill-formed sequence (no maximal subpart) spans a cut: after the
//! cut comes a byte that cannot continue a sequence, or three continuation bytes
//! before it left no lead byte that could reach past it. So every piece can be
//! validated or converted on its own, strict or lossy, and the results joined are
//! those of the whole file. The first piece that is not valid is handed back to the
//! caller, which goes on from its start on one thread to find the exact error.
//!
//! Workers take pieces in order from a counter and read them with positioned reads
//! (`pread`), so no worker waits for another to read. Results come back to the
//! calling thread, which commits them (writes the output) in input order. The
//! number of piece buffers is fixed, so memory stays bounded however fast the
//! workers are.
//!
//! The file is taken as it is when the command starts: its size is read once, and a
//! file that shrinks while it is read is an I/O error.

use crate::chunker::Chunker;
use crate::failure::Failure;
use crate::input::Input;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read};
use std::os::unix::fs::FileExt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use utfast::Encoding;

/// Bytes per piece: large enough that handing pieces around costs nothing, small
/// enough that each worker's output buffer stays a few MiB.
pub const PIECE: u64 = 1 << 20;

/// Threads used when `--threads` is not given: one per CPU, at most this many.
const MAX_AUTO_THREADS: usize = 8;

/// At most this many threads whatever `--threads` says: each holds the output of a
/// whole piece (up to 4 MiB for UTF-32), which bounds the memory.
pub const MAX_THREADS: usize = 12;

/// How many threads to use for an input of `size` bytes, given `--threads` (0:
/// automatic) and the piece size: one for inputs that are not regular files or
/// smaller than four pieces.
pub fn threads_for(requested: usize, size: Option<u64>, piece: u64) -> usize {
    let threads = if requested == 0 {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
            .min(MAX_AUTO_THREADS)
    } else {
        requested.min(MAX_THREADS)
    };
    match size {
        Some(size) if size >= piece.saturating_mul(4) => threads,
        _ => 1,
    }
}

/// A regular file cut into pieces.
pub struct Pieces {
    file: Arc<File>,
    name: String,
    path: Option<String>,
    /// `cuts[i]..cuts[i + 1]` is piece `i`; the last cut is the file size.
    cuts: Vec<u64>,
}

impl Pieces {
    /// Cuts `file[start..size]` (text in `encoding`) into pieces of about `piece`
    /// bytes, a multiple of 4 so that UTF-16 and UTF-32 units are never split.
    /// `name` and `path` are those of the [`Input`] the file was opened as.
    pub fn new(
        file: File,
        (name, path): (&str, Option<&str>),
        encoding: Encoding,
        (start, size): (u64, u64),
        piece: u64,
    ) -> Result<Self, Failure> {
        assert!(
            piece >= 4 && piece.is_multiple_of(4),
            "pieces of whole units"
        );
        let size = size.max(start);
        let read_error = |e: io::Error| Failure::Usage(format!("cannot read {name}: {e}"));
        let mut cuts = vec![start];
        let mut at = start.saturating_add(piece);
        while at < size {
            let c = cut(&file, encoding, at, size).map_err(read_error)?;
            // (A CESU-8 cut may move up to 6 bytes: never twice to the same place.)
            if c < size && cuts.last().is_some_and(|&last| c > last) {
                cuts.push(c);
            }
            at = at.saturating_add(piece);
        }
        cuts.push(size);
        Ok(Pieces {
            file: Arc::new(file),
            name: name.to_string(),
            path: path.map(str::to_string),
            cuts,
        })
    }

    /// The number of pieces.
    pub fn len(&self) -> usize {
        self.cuts.len() - 1
    }

    /// Where piece `i` starts.
    pub fn start(&self, i: usize) -> u64 {
        self.cuts[i]
    }

    /// An input reading the file from the start of piece `i` to the end of piece
    /// `last - 1`.
    pub fn input(&self, i: usize, last: usize) -> Input {
        Input {
            name: self.name.clone(),
            size: Some(self.cuts[last] - self.cuts[i]),
            path: self.path.clone(),
            file: None,
            reader: Box::new(PieceReader {
                file: Arc::clone(&self.file),
                pos: self.cuts[i],
                end: self.cuts[last],
            }),
        }
    }

    /// A chunker over piece `i` (reusing `chunker`'s buffer), with stream offsets of
    /// the whole file.
    pub fn chunker(&self, i: usize, chunker: &mut Chunker) {
        chunker.restart(self.input(i, i + 1), self.cuts[i]);
    }

    /// A chunker over the rest of the file from the start of piece `i`.
    pub fn rest(&self, i: usize) -> Chunker {
        Chunker::starting_at(self.input(i, self.len()), self.cuts[i])
    }
}

/// Where a cut at `at` (< `size`) really goes: past the bytes that may continue a
/// character started before `at` ([`utfast::piece_boundary`], the library's rule, on
/// the (at most) 3 bytes of the file from `at`).
fn cut(file: &File, encoding: Encoding, at: u64, size: u64) -> io::Result<u64> {
    let mut b = [0u8; 6];
    let n = (size - at).min(6) as usize;
    file.read_exact_at(&mut b[..n], at)?;
    Ok(at + utfast::piece_boundary(encoding, &b[..n], 0) as u64)
}

/// Reads `file[pos..end]` with positioned reads.
struct PieceReader {
    file: Arc<File>,
    pos: u64,
    end: u64,
}

impl Read for PieceReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let want = (self.end - self.pos).min(buf.len() as u64) as usize;
        if want == 0 {
            return Ok(0);
        }
        let n = self.file.read_at(&mut buf[..want], self.pos)?;
        if n == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the file shrank while it was read",
            ));
        }
        self.pos += n as u64;
        Ok(n)
    }
}

/// A fixed set of buffers shared by the workers and the committing thread.
struct Pool<W> {
    free: Mutex<Vec<W>>,
    returned: Condvar,
}

/// Runs `work(i, buffer)` for every piece `i < pieces` on `threads` worker threads
/// and `commit(buffer)` on the calling thread for each piece, in order. `work`
/// returns `Ok(false)` for a piece with invalid data: then nothing after it is
/// committed and the result is `Ok(Some(i))` for the first such piece. `Ok(None)`:
/// every piece was committed. The first failure (in input order) stops everything.
///
/// `buffers` (at least one per thread) are all the memory the pieces in flight get.
pub fn run<W: Send>(
    pieces: usize,
    threads: usize,
    buffers: Vec<W>,
    work: impl Fn(usize, &mut W) -> Result<bool, Failure> + Sync,
    mut commit: impl FnMut(&mut W) -> Result<(), Failure>,
) -> Result<Option<usize>, Failure> {
    assert!(buffers.len() >= threads.max(1), "a buffer per thread");
    let pool = Pool {
        free: Mutex::new(buffers),
        returned: Condvar::new(),
    };
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, Result<bool, Failure>, W)>();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let tx = tx.clone();
            let (pool, next, stop, work) = (&pool, &next, &stop, &work);
            scope.spawn(move || loop {
                // A buffer first, then a piece: the pieces in flight always hold
                // buffers, so the committing thread can always make progress.
                let mut buffer = {
                    let mut free = pool.free.lock().unwrap_or_else(PoisonError::into_inner);
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        if let Some(b) = free.pop() {
                            break b;
                        }
                        free = pool
                            .returned
                            .wait(free)
                            .unwrap_or_else(PoisonError::into_inner);
                    }
                };
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= pieces || stop.load(Ordering::Relaxed) {
                    return;
                }
                let result = work(i, &mut buffer);
                if tx.send((i, result, buffer)).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        let finish = |outcome| {
            stop.store(true, Ordering::Relaxed);
            // Taking the lock orders the store before any worker's next check.
            drop(pool.free.lock().unwrap_or_else(PoisonError::into_inner));
            pool.returned.notify_all();
            outcome
        };
        let mut pending = BTreeMap::new();
        let mut committed = 0;
        while committed < pieces {
            let Ok((i, result, buffer)) = rx.recv() else {
                // Every worker is gone before the last piece: only if one panicked
                // (which the scope then reports).
                return finish(Err(Failure::Usage("a worker thread failed".into())));
            };
            pending.insert(i, (result, buffer));
            while let Some((result, mut buffer)) = pending.remove(&committed) {
                match result {
                    Ok(true) => {}
                    Ok(false) => return finish(Ok(Some(committed))),
                    Err(f) => return finish(Err(f)),
                }
                if let Err(f) = commit(&mut buffer) {
                    return finish(Err(f));
                }
                pool.free
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(buffer);
                pool.returned.notify_one();
                committed += 1;
            }
        }
        finish(Ok(None))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Runs 64 pieces on 3 threads; piece `i` is invalid if `bad(i)`, fails if
    /// `fails(i)`. Returns the outcome and the pieces committed, in commit order.
    fn simulate(
        bad: impl Fn(usize) -> bool + Sync,
        fails: impl Fn(usize) -> bool + Sync,
    ) -> (Result<Option<usize>, String>, Vec<usize>) {
        let mut committed = Vec::new();
        let outcome = run(
            64,
            3,
            vec![usize::MAX; 4],
            |i, b| {
                // Uneven work, so that pieces finish out of order.
                std::thread::sleep(Duration::from_micros((i as u64 * 7919) % 300));
                *b = i;
                if fails(i) {
                    Err(Failure::Usage(format!("piece {i}")))
                } else {
                    Ok(!bad(i))
                }
            },
            |b| {
                committed.push(*b);
                Ok(())
            },
        );
        let outcome = outcome.map_err(|f| match f {
            Failure::Usage(m) => m,
            _ => unreachable!(),
        });
        (outcome, committed)
    }

    #[test]
    fn pieces_are_committed_in_order() {
        let (outcome, committed) = simulate(|_| false, |_| false);
        assert_eq!(outcome, Ok(None));
        assert_eq!(committed, (0..64).collect::<Vec<_>>());
    }

    #[test]
    fn the_first_invalid_or_failed_piece_stops_everything_after_it() {
        let (outcome, committed) = simulate(|i| i == 17 || i == 40, |_| false);
        assert_eq!(outcome, Ok(Some(17)));
        assert_eq!(committed, (0..17).collect::<Vec<_>>());

        let (outcome, committed) = simulate(|i| i == 25, |i| i == 20);
        assert_eq!(outcome, Err("piece 20".to_string()));
        assert_eq!(committed, (0..20).collect::<Vec<_>>());

        let (outcome, committed) = simulate(|i| i == 10, |i| i == 20);
        assert_eq!(outcome, Ok(Some(10)));
        assert_eq!(committed, (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn cuts_skip_continuations_and_low_surrogates() {
        let dir = std::env::temp_dir().join(format!("utfast-cuts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("f");
        let cuts_of = |bytes: &[u8], encoding, piece| {
            std::fs::write(&path, bytes).unwrap();
            let file = File::open(&path).unwrap();
            let size = bytes.len() as u64;
            Pieces::new(file, ("f", None), encoding, (0, size), piece)
                .unwrap()
                .cuts
        };
        // "ab€€", six continuation bytes, "z": the cut at 4 (inside the first €)
        // moves to 5; at 8 it meets six continuations and skips only three; at 12
        // it skips the last two.
        let utf8 = b"ab\xE2\x82\xAC\xE2\x82\xAC\x80\x80\x80\x80\x80\x80z";
        assert_eq!(cuts_of(utf8, Encoding::Utf8, 4), vec![0, 5, 11, 14, 15]);
        // A pair D83D DE00 across the cut at 4 moves it to 6; a lone low surrogate
        // at 8 moves it to 10.
        let utf16: Vec<u8> = [0x61, 0xD83D, 0xDE00, 0x62, 0xDC00, 0x63]
            .iter()
            .flat_map(|u: &u16| u.to_be_bytes())
            .collect();
        assert_eq!(cuts_of(&utf16, Encoding::Utf16Be, 4), vec![0, 6, 10, 12]);
        // CESU-8: cuts at 4 and 12 fall between the lead and the trail of a pair
        // (1..7, 9..15) and move past the trail.
        let cesu = b"a\xED\xA0\xBD\xED\xB8\x80bc\xED\xA0\xBD\xED\xB8\x80d";
        assert_eq!(cuts_of(cesu, Encoding::Cesu8, 4), vec![0, 7, 8, 15, 16]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_that_shrinks_is_an_io_error() {
        let dir = std::env::temp_dir().join(format!("utfast-shrink-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("f");
        std::fs::write(&path, [b'a'; 100]).unwrap();
        let file = File::open(&path).unwrap();
        let pieces = Pieces::new(file, ("f", None), Encoding::Utf8, (0, 100), 16).unwrap();
        assert_eq!(pieces.len(), 7);
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(40)
            .unwrap();
        let mut chunker = Chunker::new(pieces.input(0, 1));
        pieces.chunker(1, &mut chunker);
        assert_eq!(
            chunker.next(Encoding::Utf8).unwrap().unwrap().bytes.len(),
            16
        );
        pieces.chunker(4, &mut chunker);
        match chunker.next(Encoding::Utf8) {
            Err(Failure::Usage(m)) => assert!(m.contains("shrank"), "{m}"),
            _ => panic!("a piece past the end must fail"),
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
