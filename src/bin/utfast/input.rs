//! Opening an input: a file (with its size, and a handle for positioned reads by
//! several threads) or stdin.

use crate::failure::Failure;
use std::fs::File;
use std::io::{self, Read};

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
