//! The progress bar of large inputs.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal};

/// Inputs larger than this get a progress bar (when stderr is a terminal).
const PROGRESS_MIN: u64 = 64 << 20;

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
