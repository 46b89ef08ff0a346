//! Where converted text goes: stdout, a device written in place, or a file that
//! appears (atomically, by a rename) only when the conversion succeeded.

use crate::failure::{output_error, Failure};
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

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
