//! The guest program of `scripts/aarch64-speed.sh`: runs one operation of ours (the
//! neon kernel) or of simdutf (its C++ arm64 kernel, linked into this binary) on one
//! text, a given number of times, so that the script can count the instructions
//! QEMU executes for N and 2N calls and take the difference.
//!
//! ```text
//! aarch64-speed list                       # every operation x text: "<op> <text> <bytes>"
//! aarch64-speed run <op> <ours|simdutf> <text> <calls>
//! ```
//!
//! Everything but the calls (reading the texts, making their UTF-16/UTF-32/Latin-1
//! forms, allocating the output) happens once per process whatever `calls` is, so it
//! cancels in the difference. Each call's result is checked (the output length, and
//! that both sides wrote the same units), so a broken build cannot count a shortcut.

use std::hint::black_box;
use utfast_scalar::{Encoding, Mode};
use utfast_simd::Kernel;

#[allow(dead_code, unused_imports)]
#[path = "../../../benches/lib.rs"]
mod loader;

/// One text in the forms the operations read.
struct Text {
    utf8: Vec<u8>,
    u16s: Vec<u16>,
    /// UTF-16BE in memory order (what simdutf's `utf16be` functions read).
    u16s_be: Vec<u16>,
    u32s: Vec<u32>,
    latin1: Option<Vec<u8>>,
}

impl Text {
    fn new(s: &str) -> Text {
        let u16s: Vec<u16> = s.encode_utf16().collect();
        Text {
            utf8: s.as_bytes().to_vec(),
            u16s_be: u16s.iter().map(|u| u.swap_bytes()).collect(),
            u32s: s.chars().map(|c| c as u32).collect(),
            latin1: s
                .chars()
                .all(|c| (c as u32) < 0x100)
                .then(|| s.chars().map(|c| c as u8).collect()),
            u16s,
        }
    }
}

/// An operation: its name (the transcode bench's row names), our encodings, and
/// simdutf's function of the same meaning. `ours` is `None` for validation.
struct Op {
    name: &'static str,
    ours: Option<(Encoding, Encoding)>,
    /// The input bytes of our call (`None`: the text has no such form).
    input: fn(&Text) -> Option<&[u8]>,
    /// simdutf's call: returns its output length in units.
    simdutf: fn(&Text, &mut [u8]) -> usize,
}

fn as_bytes<T: bytemuck::Pod>(v: &[T]) -> &[u8] {
    bytemuck::cast_slice(v)
}

fn u16_out(d: &mut [u8]) -> *mut u16 {
    bytemuck::cast_slice_mut::<u8, u16>(d).as_mut_ptr()
}

fn u32_out(d: &mut [u8]) -> *mut u32 {
    bytemuck::cast_slice_mut::<u8, u32>(d).as_mut_ptr()
}

fn latin1(t: &Text) -> &[u8] {
    t.latin1.as_deref().expect("a Latin-1 text")
}

// SAFETY (every simdutf call below): simdutf's conversions write at most 4 bytes per
// input unit (UTF-8 -> UTF-32 of ASCII), and `run` passes an output of 4 bytes per
// input byte plus 64, aligned to 4; the inputs are valid slices.
#[rustfmt::skip]
fn ops() -> Vec<Op> {
    use Encoding::*;
    vec![
        Op { name: "validate_utf8", ours: None, input: |t| Some(&t.utf8),
             simdutf: |t, _| simdutf::validate_utf8(&t.utf8) as usize },
        Op { name: "utf8->utf16le", ours: Some((Utf8, Utf16Le)), input: |t| Some(&t.utf8),
             simdutf: |t, d| unsafe { simdutf::convert_utf8_to_utf16le(t.utf8.as_ptr(), t.utf8.len(), u16_out(d)) } },
        Op { name: "utf16le->utf8", ours: Some((Utf16Le, Utf8)), input: |t| Some(as_bytes(&t.u16s)),
             simdutf: |t, d| unsafe { simdutf::convert_utf16le_to_utf8(t.u16s.as_ptr(), t.u16s.len(), d.as_mut_ptr()) } },
        Op { name: "utf8->utf16be", ours: Some((Utf8, Utf16Be)), input: |t| Some(&t.utf8),
             simdutf: |t, d| unsafe { simdutf::convert_utf8_to_utf16be(t.utf8.as_ptr(), t.utf8.len(), u16_out(d)) } },
        Op { name: "utf16be->utf8", ours: Some((Utf16Be, Utf8)), input: |t| Some(as_bytes(&t.u16s_be)),
             simdutf: |t, d| unsafe { simdutf::convert_utf16be_to_utf8(t.u16s_be.as_ptr(), t.u16s_be.len(), d.as_mut_ptr()) } },
        Op { name: "utf8->utf32le", ours: Some((Utf8, Utf32Le)), input: |t| Some(&t.utf8),
             simdutf: |t, d| unsafe { simdutf::convert_utf8_to_utf32(t.utf8.as_ptr(), t.utf8.len(), u32_out(d)) } },
        Op { name: "utf32le->utf8", ours: Some((Utf32Le, Utf8)), input: |t| Some(as_bytes(&t.u32s)),
             simdutf: |t, d| unsafe { simdutf::convert_utf32_to_utf8(t.u32s.as_ptr(), t.u32s.len(), d.as_mut_ptr()) } },
        Op { name: "utf16le->utf32le", ours: Some((Utf16Le, Utf32Le)), input: |t| Some(as_bytes(&t.u16s)),
             simdutf: |t, d| unsafe { simdutf::convert_utf16le_to_utf32(t.u16s.as_ptr(), t.u16s.len(), u32_out(d)) } },
        Op { name: "utf32le->utf16le", ours: Some((Utf32Le, Utf16Le)), input: |t| Some(as_bytes(&t.u32s)),
             simdutf: |t, d| unsafe { simdutf::convert_utf32_to_utf16le(t.u32s.as_ptr(), t.u32s.len(), u16_out(d)) } },
        // Ours validates while it swaps; simdutf's swap does not, so its side is what a
        // simdutf user writes for a validated swap.
        Op { name: "utf16le->utf16be", ours: Some((Utf16Le, Utf16Be)), input: |t| Some(as_bytes(&t.u16s)),
             simdutf: |t, d| {
                 assert!(simdutf::validate_utf16le(&t.u16s));
                 unsafe { simdutf::change_endianness_utf16(t.u16s.as_ptr(), t.u16s.len(), u16_out(d)) };
                 t.u16s.len()
             } },
        Op { name: "latin1->utf8", ours: Some((Latin1, Utf8)), input: |t| t.latin1.as_deref(),
             simdutf: |t, d| unsafe { simdutf::convert_latin1_to_utf8(latin1(t).as_ptr(), latin1(t).len(), d.as_mut_ptr()) } },
        Op { name: "utf8->latin1", ours: Some((Utf8, Latin1)), input: |t| t.latin1.as_ref().map(|_| &t.utf8[..]),
             simdutf: |t, d| unsafe { simdutf::convert_utf8_to_latin1(t.utf8.as_ptr(), t.utf8.len(), d.as_mut_ptr()) } },
        Op { name: "latin1->utf16le", ours: Some((Latin1, Utf16Le)), input: |t| t.latin1.as_deref(),
             simdutf: |t, d| unsafe { simdutf::convert_latin1_to_utf16le(latin1(t).as_ptr(), latin1(t).len(), u16_out(d)) } },
        Op { name: "utf16le->latin1", ours: Some((Utf16Le, Latin1)), input: |t| t.latin1.as_ref().map(|_| as_bytes(&t.u16s)),
             simdutf: |t, d| unsafe { simdutf::convert_utf16le_to_latin1(t.u16s.as_ptr(), t.u16s.len(), d.as_mut_ptr()) } },
    ]
}

/// The texts: the lipsum files (and `Latin1`) first, then the "Mars" articles, as the
/// benches load them.
fn texts() -> Vec<(String, String)> {
    let mut out = loader::bench_texts();
    out.retain(|(name, _)| name != "twitter.json");
    out
}

/// Our call's output length in units of the target form.
fn ours(k: &Kernel, op: &Op, t: &Text, d: &mut [u8]) -> usize {
    let src = (op.input)(t).expect("input form");
    match op.ours {
        None => k.is_utf8(src) as usize,
        Some((from, to)) => {
            let bytes = k
                .transcode(src, d, from, to, Mode::Strict)
                .expect("valid input");
            bytes / unit(to)
        }
    }
}

/// The bytes of one unit of `e`.
fn unit(e: Encoding) -> usize {
    match e {
        Encoding::Utf16Le | Encoding::Utf16Be => 2,
        Encoding::Utf32Le => 4,
        _ => 1,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ops = ops();
    match args.first().map(String::as_str) {
        Some("list") => {
            for (name, s) in texts() {
                let t = Text::new(&s);
                for op in &ops {
                    if let Some(src) = (op.input)(&t) {
                        println!("{} {name} {}", op.name, src.len());
                    }
                }
            }
        }
        Some("run") if args.len() == 5 => {
            let op = ops.iter().find(|o| o.name == args[1]).expect("operation");
            let (_, s) = texts()
                .into_iter()
                .find(|(n, _)| *n == args[3])
                .expect("text");
            let t = Text::new(&s);
            let calls: usize = args[4].parse().expect("number of calls");
            let k = utfast_simd::by_name("neon").expect("the neon kernel");
            let src_len = (op.input)(&t).expect("input form").len();
            let mut out = vec![0u32; src_len + 16];
            let d: &mut [u8] = bytemuck::cast_slice_mut(&mut out);
            // One call of each side outside the count: they must agree.
            let a = ours(k, op, &t, d);
            let out_bytes = op.ours.map_or(0, |(_, to)| a * unit(to));
            let ours_out = d[..out_bytes].to_vec();
            let b = (op.simdutf)(&t, d);
            assert_eq!(a, b, "{}: ours {a}, simdutf {b}", op.name);
            {
                assert_eq!(
                    &ours_out[..],
                    &d[..ours_out.len()],
                    "{}: outputs differ",
                    op.name
                );
            }
            let simd = args[2] == "simdutf";
            for _ in 0..calls {
                let n = if simd {
                    (op.simdutf)(black_box(&t), black_box(&mut *d))
                } else {
                    ours(k, op, black_box(&t), black_box(&mut *d))
                };
                assert_eq!(black_box(n), a);
            }
        }
        _ => {
            eprintln!("usage: aarch64-speed list | run <op> <ours|simdutf> <text> <calls>");
            std::process::exit(2);
        }
    }
}
