//! Every transcoding direction x every kernel, side by side with simdutf (C++),
//! encoding_rs and std on the lipsum, Wikipedia "Mars" and twitter.json texts, in one run.
//!
//! ```text
//! SIMDUTF_FORCE_IMPLEMENTATION=haswell cargo bench -p utfast-benches --bench transcode [-- FILTER] [--markdown]
//! ```
//!
//! `FILTER` keeps the directions whose name contains it (`utf8->utf16le`, `latin1`, ...);
//! `UTFAST_BENCH_TEXTS=Arabic,Mars-Fr` keeps some texts (`utfast_benches::keep_text`).
//! `scripts/bench.py run` runs it once per simdutf tier and saves the tables as CSV.
//! Throughput is in GB/s of *input* bytes; every figure is the best of 31 runs of a
//! fixed number of calls, and all columns of a row are measured one after the other,
//! so their ratios are comparable even when the machine's absolute speed drifts.
//! Every column of a row reads the same input bytes (one allocation per text and
//! form) and writes to one shared output buffer, at offsets from a 64-byte boundary
//! set by `UTFAST_BENCH_OFFSETS=IN,OUT` (default `0,0`; see
//! `utfast_benches::offsets`): the placement moves some ratios by 20% (kernels that
//! align their own loops against ones that do not), so it is fixed and printed
//! rather than left to the allocator.
//! `SIMDUTF_FORCE_IMPLEMENTATION` picks simdutf's kernel (`haswell` = AVX2,
//! `icelake` = AVX-512, `westmere` = SSE4.2).
//!
//! Where an AVX-512 tier runs the avx2 kernel's entry for a direction (the list at
//! the top of the output), its column repeats the avx2 column's figure instead of
//! timing the same function again (see `lenders`).
//!
//! The last columns: `best/simdutf` and `best/enc_rs` are speed ratios of our fastest
//! kernel (>1: we are faster); `lossy` is the time of a lossy call over a strict one
//! of the first (best) kernel on the same valid input (the issue asks for at most 1.05;
//! in the `(valid)` rows, whose kernel columns are trusted-valid calls, over a
//! trusted-valid one).
//!
//! The byte swaps: our `utf16le->utf16be` and `utf32le->utf32be` rows validate
//! (unpaired surrogates, surrogates and units above 0x10FFFF are errors), the
//! `(valid)` rows are our trusted-valid swaps. Peers: `simdutf` is
//! `change_endianness_utf16`, which does not validate; `simdutf_val+swap` is what a
//! simdutf user writes for a validated swap, `validate_utf16le` then
//! `change_endianness_utf16`. simdutf 0.7 has no UTF-32 swap: `swap_loop` is a
//! `u32::swap_bytes` loop vectorized by LLVM (compiled for AVX2 when the CPU has
//! it), and `simdutf_val+loop` is `validate_utf32` followed by that loop.

// `Text::utf16le` and friends view the u16/u32 vectors as little-endian bytes.
#[cfg(target_endian = "big")]
compile_error!("the transcode bench reads its u16/u32 vectors as little-endian bytes");

use std::cell::RefCell;
use std::hint::black_box;
use utfast_benches::{
    bench_args, bench_texts, cpu_name, keep_text, latin1_only, offsets, print_row, time_all, Placed,
};
use utfast_scalar::{Encoding, Mode};
use utfast_simd::Kernel;

/// One text in every form, each form placed at the input offset of [`offsets`].
struct Text {
    name: String,
    utf8: Placed<u8>,
    u16s: Placed<u16>,
    /// UTF-16BE in memory order (what simdutf's `utf16be` functions read).
    u16s_be: Placed<u16>,
    u32s: Placed<u32>,
    /// Latin-1 bytes, when every character is <= U+00FF.
    latin1: Option<Placed<u8>>,
    // Code pages
    /// The text in a code page (only the texts of `cyrillic_texts` have one, and only
    /// they are used for code page rows).
    codepage: Option<(Encoding, Placed<u8>)>,
    // WTF-8, CESU-8, MUTF-8 (the WTF-8 of a text is its UTF-8)
    text: String,
    cesu8: Placed<u8>,
    mutf8: Placed<u8>,
}

impl Text {
    fn new(name: &str, s: &str) -> Text {
        let off = offsets().0;
        let u16s: Vec<u16> = s.encode_utf16().collect();
        let u32s: Vec<u32> = s.chars().map(|c| c as u32).collect();
        let u16s_be: Vec<u16> = u16s
            .iter()
            .map(|u| u16::from_ne_bytes(u.to_be_bytes()))
            .collect();
        Text {
            name: name.to_string(),
            utf8: Placed::new(s.as_bytes(), off),
            latin1: s
                .chars()
                .map(|c| u8::try_from(c as u32).ok())
                .collect::<Option<Vec<u8>>>()
                .map(|l| Placed::new(&l, off)),
            u16s_be: Placed::new(&u16s_be, off),
            u16s: Placed::new(&u16s, off),
            u32s: Placed::new(&u32s, off),
            codepage: None,
            text: s.to_string(),
            cesu8: Placed::new(&cesu8::to_cesu8(s), off),
            mutf8: Placed::new(&cesu8::to_java_cesu8(s), off),
        }
    }

    /// The UTF-16LE bytes: the memory of [`Text::u16s`] (little-endian hosts, see
    /// `main`), so that our kernels read the very bytes simdutf's functions read
    /// (same address, same alignment, same distance to the output).
    fn utf16le(&self) -> &[u8] {
        bytemuck::cast_slice(&self.u16s)
    }

    /// The UTF-16BE bytes: the memory of [`Text::u16s_be`].
    fn utf16be(&self) -> &[u8] {
        bytemuck::cast_slice(&self.u16s_be)
    }

    /// The UTF-32LE bytes: the memory of [`Text::u32s`].
    fn utf32le(&self) -> &[u8] {
        bytemuck::cast_slice(&self.u32s)
    }
}

// Code pages
/// The Russian lipsum and "Mars" texts of `tests/data/cyrillic` in the Cyrillic code
/// pages, and for every other code page the lipsum and "Mars" texts of its languages
/// (`tests/data/lipsum`, `tests/data/wikipedia_mars`) encoded by encoding_rs (a
/// character the page lacks becomes an HTML numeric reference, as browsers submit
/// forms) and decoded back for the Unicode side.
fn cyrillic_texts() -> Vec<Text> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/cyrillic");
    let mut out = Vec::new();
    for (file, e, peer) in [
        ("koi8-r", Encoding::Koi8R, encoding_rs::KOI8_R),
        (
            "windows-1251",
            Encoding::Windows1251,
            encoding_rs::WINDOWS_1251,
        ),
        ("ibm866", Encoding::Ibm866, encoding_rs::IBM866),
    ] {
        for (text, short) in [("lipsum-russian", "lipsum"), ("mars-russian", "mars")] {
            let bytes = std::fs::read(format!("{dir}/{text}.{file}.txt")).expect("corpus file");
            let name = format!("{short}.{file}");
            if !keep_text(&name) {
                continue;
            }
            let s = peer.decode_without_bom_handling(&bytes).0.into_owned();
            let mut t = Text::new(&name, &s);
            t.codepage = Some((e, Placed::new(&bytes, offsets().0)));
            out.push(t);
        }
    }
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data");
    for &(e, texts) in PAGE_TEXTS {
        for &text in texts {
            let path = match text.strip_prefix("lipsum-") {
                Some(lang) => format!("{data}/lipsum/{lang}-Lipsum.utf8.txt"),
                None => format!("{data}/wikipedia_mars/{text}.utf8.txt"),
            };
            let name = format!("{text}.{}", e.name());
            if !keep_text(&name) {
                continue;
            }
            let utf8 = std::fs::read_to_string(&path).expect("corpus file");
            let (bytes, _, _) = peer(e).encode(&utf8);
            let s = peer(e).decode_without_bom_handling(&bytes).0.into_owned();
            let mut t = Text::new(&name, &s);
            t.codepage = Some((e, Placed::new(&bytes, offsets().0)));
            out.push(t);
        }
    }
    out
}

/// The texts of each code page but the three Cyrillic ones of `tests/data/cyrillic`:
/// "Mars" in the page's languages (`lipsum-X`: the lipsum file of language X). No
/// Baltic, Nordic, Celtic or Romanian text is in the corpora: those Latin pages get
/// German (every one has its letters); windows-1258 gets French (Vietnamese needs
/// combining tone marks, which encoding_rs does not decompose).
const PAGE_TEXTS: &[(Encoding, &[&str])] = &[
    (Encoding::Windows1252, &["french", "german"]),
    (Encoding::Windows1250, &["czech"]),
    (Encoding::Windows1253, &["greek"]),
    (Encoding::Windows1254, &["turkish"]),
    (Encoding::Windows1255, &["hebrew", "lipsum-Hebrew"]),
    (
        Encoding::Windows1256,
        &["arabic", "persan", "lipsum-Arabic"],
    ),
    (Encoding::Windows1257, &["german"]),
    (Encoding::Windows1258, &["french"]),
    (Encoding::Windows874, &["thai"]),
    (Encoding::Iso8859_2, &["czech"]),
    (Encoding::Iso8859_3, &["esperanto", "turkish"]),
    (Encoding::Iso8859_4, &["german"]),
    (Encoding::Iso8859_5, &["russian"]),
    (Encoding::Iso8859_6, &["arabic", "lipsum-Arabic"]),
    (Encoding::Iso8859_7, &["greek"]),
    (Encoding::Iso8859_8, &["hebrew", "lipsum-Hebrew"]),
    (Encoding::Iso8859_8I, &["hebrew"]),
    (Encoding::Iso8859_10, &["german"]),
    (Encoding::Iso8859_13, &["german"]),
    (Encoding::Iso8859_14, &["french"]),
    (Encoding::Iso8859_15, &["french", "german"]),
    (Encoding::Iso8859_16, &["german"]),
    (Encoding::Koi8U, &["russian", "lipsum-Russian"]),
    (Encoding::Macintosh, &["french", "german"]),
    (Encoding::XMacCyrillic, &["russian"]),
];

/// The code page bytes of a text of [`cyrillic_texts`] in code page `e`.
fn cp_bytes(t: &Text, e: Encoding) -> Option<&[u8]> {
    t.codepage
        .as_ref()
        .filter(|(te, _)| *te == e)
        .map(|(_, b)| &b[..])
}

/// encoding_rs's encoding of `e`.
fn peer(e: Encoding) -> &'static encoding_rs::Encoding {
    encoding_rs::Encoding::for_label(e.name().as_bytes()).expect("a WHATWG encoding")
}

/// How a direction picks its input from a text.
type InputFn = fn(&Text) -> Option<&[u8]>;

/// The code page directions: each code page to and from UTF-8 and UTF-16LE, against
/// encoding_rs's decoders and encoders (without replacement, as our strict mode), on
/// the texts in that code page (see `main`).
fn codepage_directions() -> Vec<Direction> {
    let mut out = Vec::new();
    let pages = [Encoding::Koi8R, Encoding::Windows1251, Encoding::Ibm866]
        .into_iter()
        .chain(PAGE_TEXTS.iter().map(|&(e, _)| e));
    for e in pages {
        let short = match e {
            Encoding::Windows1251 => "cp1251".to_string(),
            Encoding::Ibm866 => "cp866".to_string(),
            _ => e.name().to_ascii_lowercase(),
        };
        let name = |n: String| -> &'static str { Box::leak(n.into_boxed_str()) };
        let cp: InputFn = |t| t.codepage.as_ref().map(|(_, b)| &b[..]);
        out.push(direction(
            name(format!("{short}->utf8")),
            cp,
            (e, Encoding::Utf8),
            vec![other("enc_rs", move |t, d| {
                let src = cp_bytes(t, e).expect("code page text");
                let mut dec = peer(e).new_decoder_without_bom_handling();
                let (r, _, w) = dec.decode_to_utf8_without_replacement(src, d, true);
                assert_eq!(r, encoding_rs::DecoderResult::InputEmpty);
                w
            })],
        ));
        out.push(direction(
            name(format!("{short}->utf16le")),
            cp,
            (e, Encoding::Utf16Le),
            vec![other("enc_rs", move |t, d| {
                let src = cp_bytes(t, e).expect("code page text");
                let mut dec = peer(e).new_decoder_without_bom_handling();
                let (r, _, w) = dec.decode_to_utf16_without_replacement(src, u16_out(d), true);
                assert_eq!(r, encoding_rs::DecoderResult::InputEmpty);
                w
            })],
        ));
        out.push(direction(
            name(format!("utf8->{short}")),
            |t| t.codepage.as_ref().map(|_| &t.utf8[..]),
            (Encoding::Utf8, e),
            vec![other("enc_rs", move |t, d| {
                let s = std::str::from_utf8(&t.utf8).expect("UTF-8");
                let mut enc = peer(e).new_encoder();
                let (r, _, w) = enc.encode_from_utf8_without_replacement(s, d, true);
                assert_eq!(r, encoding_rs::EncoderResult::InputEmpty);
                w
            })],
        ));
        out.push(direction(
            name(format!("utf16le->{short}")),
            |t| t.codepage.as_ref().map(|_| t.utf16le()),
            (Encoding::Utf16Le, e),
            vec![other("enc_rs", move |t, d| {
                let mut enc = peer(e).new_encoder();
                let (r, _, w) = enc.encode_from_utf16_without_replacement(&t.u16s, d, true);
                assert_eq!(r, encoding_rs::EncoderResult::InputEmpty);
                w
            })],
        ));
    }
    out
}

/// The texts of `utfast_benches::bench_texts`: the lipsum files, "Latin1" (the Latin
/// text with every 16th letter a/e/o replaced by an accented one, so that Latin-1
/// input is not pure ASCII), the Wikipedia "Mars" texts and twitter.json.
fn texts() -> Vec<Text> {
    bench_texts()
        .into_iter()
        .map(|(name, s)| Text::new(&name, &s))
        .collect()
}

/// A competitor: name and a conversion of the text (returns something to keep).
type Other = (&'static str, Box<dyn Fn(&Text, &mut [u8]) -> usize>);

/// One direction: how to pick its input, our kernel function, the endians, and
/// the competitors.
struct Direction {
    name: &'static str,
    input: fn(&Text) -> Option<&[u8]>,
    from: Encoding,
    to: Encoding,
    /// The mode of our kernels' columns: `Strict`, or `Valid` for the trusted-valid
    /// rows (`... (valid)`), e.g. the byte swap against simdutf's unchecked
    /// `change_endianness_utf16`.
    mode: Mode,
    others: Vec<Other>,
}

/// `dst` as u16s (it is allocated as u64s, so the cast is aligned).
fn u16_out(dst: &mut [u8]) -> &mut [u16] {
    bytemuck::cast_slice_mut(dst)
}

/// `dst` as u32s (aligned, see [`u16_out`]).
fn u32_out(dst: &mut [u8]) -> &mut [u32] {
    bytemuck::cast_slice_mut(dst)
}

/// `dst` as bytes (for symmetry with [`u16_out`] in [`simdutf!`]).
fn u8_out(dst: &mut [u8]) -> &mut [u8] {
    dst
}

/// A simdutf competitor: `simdutf::$f(src, len, dst)` with `src` the slice
/// `$input` of the text `$t` and `dst` the output viewed through `$view`.
macro_rules! simdutf {
    ($f:ident, |$t:ident| $input:expr, $view:ident) => {
        (
            "simdutf",
            Box::new(|$t: &Text, d: &mut [u8]| {
                let src = $input;
                let out = $view(d);
                // SAFETY: `src` is a valid slice; `d` holds 4 bytes per input byte
                // (see `main`), more than any of these conversions writes.
                unsafe { simdutf::$f(src.as_ptr(), src.len(), out.as_mut_ptr()) }
            }) as Box<dyn Fn(&Text, &mut [u8]) -> usize>,
        )
    };
}

/// A competitor from a plain function.
fn other(name: &'static str, f: impl Fn(&Text, &mut [u8]) -> usize + 'static) -> Other {
    (name, Box::new(f))
}

fn direction(
    name: &'static str,
    input: fn(&Text) -> Option<&[u8]>,
    (from, to): (Encoding, Encoding),
    others: Vec<Other>,
) -> Direction {
    Direction {
        name,
        input,
        from,
        to,
        mode: Mode::Strict,
        others,
    }
}

/// The byte swap against simdutf's `change_endianness_utf16` (which does not
/// validate).
fn swap16_peer() -> Other {
    other("simdutf", |t, d| {
        let out = u16_out(d);
        // SAFETY: `out` has room for every unit of the input (see `main`).
        unsafe {
            simdutf::change_endianness_utf16(t.u16s.as_ptr(), t.u16s.len(), out.as_mut_ptr())
        };
        t.u16s.len()
    })
}

/// simdutf's two calls for a validated swap: `validate_utf16le`, then
/// `change_endianness_utf16` (simdutf has no validated swap).
fn swap16_validated_peer() -> Other {
    other("simdutf_val+swap", |t, d| {
        assert!(simdutf::validate_utf16le(&t.u16s));
        let out = u16_out(d);
        // SAFETY: `out` has room for every unit of the input (see `main`).
        unsafe {
            simdutf::change_endianness_utf16(t.u16s.as_ptr(), t.u16s.len(), out.as_mut_ptr())
        };
        t.u16s.len()
    })
}

/// A plain UTF-32 byte swap (simdutf 0.7 has no `change_endianness_utf32`): a
/// `u32::swap_bytes` loop that LLVM vectorizes, compiled for AVX2 (`vpshufb`)
/// when the CPU has it, for the x86-64 baseline (SSE2) otherwise.
fn swap32_loop(src: &[u32], dst: &mut [u32]) -> usize {
    fn plain(src: &[u32], dst: &mut [u32]) -> usize {
        dst.iter_mut()
            .zip(src)
            .map(|(o, &u)| *o = u.swap_bytes())
            .count()
    }
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx2")]
        fn avx2(src: &[u32], dst: &mut [u32]) -> usize {
            plain(src, dst)
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked just above).
            return unsafe { avx2(src, dst) };
        }
    }
    plain(src, dst)
}

/// The UTF-32 byte swap's peers: the plain swap loop ([`swap32_loop`]), and with
/// `validated`, simdutf's `validate_utf32` before it.
fn swap32_peer(validated: bool) -> Other {
    if validated {
        other("simdutf_val+loop", |t, d| {
            assert!(simdutf::validate_utf32(&t.u32s));
            swap32_loop(&t.u32s, u32_out(d))
        })
    } else {
        other("swap_loop", |t, d| swap32_loop(&t.u32s, u32_out(d)))
    }
}

/// The Latin-1 form of a text that has one.
fn latin1(t: &Text) -> &[u8] {
    t.latin1.as_deref().expect("a Latin-1 text")
}

/// Our active kernel's `from` -> `to` (strict), as a competitor column: WTF-8 is
/// measured against our own UTF-8 on the same text.
fn ours(name: &'static str, input: fn(&Text) -> &[u8], from: Encoding, to: Encoding) -> Other {
    other(name, move |t, d| {
        utfast_simd::active()
            .transcode(input(t), d, from, to, Mode::Strict)
            .expect("valid")
    })
}

/// WTF-8, CESU-8, MUTF-8: against our UTF-8 <-> UTF-16 (WTF-8), the `wtf8` crate,
/// `simd_cesu8` and the `cesu8` crate. Neither CESU-8 crate converts to or from
/// UTF-16: their columns there are their UTF-8 conversion followed (or preceded) by
/// encoding_rs's UTF-8 <-> UTF-16.
fn wtf8_directions() -> Vec<Direction> {
    use encoding_rs::mem;
    let to16 = |s: &str, d: &mut [u8]| mem::convert_str_to_utf16(s, u16_out(d));
    let from16 = |t: &Text, d: &mut [u8]| {
        let n = mem::convert_utf16_to_utf8(&t.u16s, d);
        std::str::from_utf8(&d[..n]).expect("valid").to_string()
    };
    vec![
        direction(
            "wtf8->utf16le",
            |t| Some(&t.utf8),
            (Encoding::Wtf8, Encoding::Utf16Le),
            vec![
                ours("utf8", |t| &t.utf8, Encoding::Utf8, Encoding::Utf16Le),
                other("wtf8", |t, d| {
                    let w = wtf8::Wtf8::from_str(&t.text);
                    let out = u16_out(d);
                    out.iter_mut()
                        .zip(w.to_ill_formed_utf16())
                        .map(|(o, u)| *o = u)
                        .count()
                }),
            ],
        ),
        direction(
            "utf16le->wtf8",
            |t| Some(t.utf16le()),
            (Encoding::Utf16Le, Encoding::Wtf8),
            vec![
                ours("utf8", |t| t.utf16le(), Encoding::Utf16Le, Encoding::Utf8),
                other("wtf8", |t, _| {
                    wtf8::Wtf8Buf::from_ill_formed_utf16(&t.u16s).len()
                }),
            ],
        ),
        direction(
            "cesu8->utf8",
            |t| Some(&t.cesu8),
            (Encoding::Cesu8, Encoding::Utf8),
            vec![
                other("simd_cesu8", |t, _| {
                    simd_cesu8::decode_strict(&t.cesu8).expect("valid").len()
                }),
                other("cesu8", |t, _| {
                    cesu8::from_cesu8(&t.cesu8).expect("valid").len()
                }),
            ],
        ),
        direction(
            "cesu8->utf16le",
            |t| Some(&t.cesu8),
            (Encoding::Cesu8, Encoding::Utf16Le),
            vec![
                other("simd_cesu8", move |t, d| {
                    to16(&simd_cesu8::decode_strict(&t.cesu8).expect("valid"), d)
                }),
                other("cesu8", move |t, d| {
                    to16(&cesu8::from_cesu8(&t.cesu8).expect("valid"), d)
                }),
            ],
        ),
        direction(
            "utf8->cesu8",
            |t| Some(&t.utf8),
            (Encoding::Utf8, Encoding::Cesu8),
            vec![
                other("simd_cesu8", |t, _| {
                    let s = std::str::from_utf8(&t.utf8).expect("valid");
                    simd_cesu8::encode(s).len()
                }),
                other("cesu8", |t, _| {
                    let s = std::str::from_utf8(&t.utf8).expect("valid");
                    cesu8::to_cesu8(s).len()
                }),
            ],
        ),
        direction(
            "utf16le->cesu8",
            |t| Some(t.utf16le()),
            (Encoding::Utf16Le, Encoding::Cesu8),
            vec![
                other("simd_cesu8", move |t, d| {
                    simd_cesu8::encode(&from16(t, d)).len()
                }),
                other("cesu8", move |t, d| cesu8::to_cesu8(&from16(t, d)).len()),
            ],
        ),
        direction(
            "mutf8->utf8",
            |t| Some(&t.mutf8),
            (Encoding::Mutf8, Encoding::Utf8),
            vec![
                other("simd_cesu8", |t, _| {
                    simd_cesu8::mutf8::decode_strict(&t.mutf8)
                        .expect("valid")
                        .len()
                }),
                other("cesu8", |t, _| {
                    cesu8::from_java_cesu8(&t.mutf8).expect("valid").len()
                }),
            ],
        ),
        direction(
            "mutf8->utf16le",
            |t| Some(&t.mutf8),
            (Encoding::Mutf8, Encoding::Utf16Le),
            vec![
                other("simd_cesu8", move |t, d| {
                    to16(
                        &simd_cesu8::mutf8::decode_strict(&t.mutf8).expect("valid"),
                        d,
                    )
                }),
                other("cesu8", move |t, d| {
                    to16(&cesu8::from_java_cesu8(&t.mutf8).expect("valid"), d)
                }),
            ],
        ),
        direction(
            "utf8->mutf8",
            |t| Some(&t.utf8),
            (Encoding::Utf8, Encoding::Mutf8),
            vec![
                other("simd_cesu8", |t, _| {
                    let s = std::str::from_utf8(&t.utf8).expect("valid");
                    simd_cesu8::mutf8::encode(s).len()
                }),
                other("cesu8", |t, _| {
                    let s = std::str::from_utf8(&t.utf8).expect("valid");
                    cesu8::to_java_cesu8(s).len()
                }),
            ],
        ),
        direction(
            "utf16le->mutf8",
            |t| Some(t.utf16le()),
            (Encoding::Utf16Le, Encoding::Mutf8),
            vec![
                other("simd_cesu8", move |t, d| {
                    simd_cesu8::mutf8::encode(&from16(t, d)).len()
                }),
                other("cesu8", move |t, d| {
                    cesu8::to_java_cesu8(&from16(t, d)).len()
                }),
            ],
        ),
    ]
}

fn directions() -> Vec<Direction> {
    use encoding_rs::mem;
    vec![
        direction(
            "utf8->utf16le",
            |t| Some(&t.utf8),
            (Encoding::Utf8, Encoding::Utf16Le),
            vec![
                simdutf!(convert_utf8_to_utf16le, |t| &t.utf8, u16_out),
                other("enc_rs", |t, d| {
                    mem::convert_utf8_to_utf16(&t.utf8, u16_out(d))
                }),
                other("std", |t, d| {
                    let s = std::str::from_utf8(&t.utf8).expect("valid");
                    let out = u16_out(d);
                    out.iter_mut()
                        .zip(s.encode_utf16())
                        .map(|(o, u)| *o = u)
                        .count()
                }),
            ],
        ),
        direction(
            "utf16le->utf8",
            |t| Some(t.utf16le()),
            (Encoding::Utf16Le, Encoding::Utf8),
            vec![
                simdutf!(convert_utf16le_to_utf8, |t| &t.u16s, u8_out),
                other("enc_rs", |t, d| mem::convert_utf16_to_utf8(&t.u16s, d)),
                other("std", |t, _| {
                    String::from_utf16(&t.u16s).expect("valid").len()
                }),
            ],
        ),
        direction(
            "utf8->utf16be",
            |t| Some(&t.utf8),
            (Encoding::Utf8, Encoding::Utf16Be),
            vec![simdutf!(convert_utf8_to_utf16be, |t| &t.utf8, u16_out)],
        ),
        direction(
            "utf16be->utf8",
            |t| Some(t.utf16be()),
            (Encoding::Utf16Be, Encoding::Utf8),
            // simdutf reads UTF-16BE from u16s holding big-endian bytes.
            vec![simdutf!(convert_utf16be_to_utf8, |t| &t.u16s_be, u8_out)],
        ),
        direction(
            "utf8->utf32le",
            |t| Some(&t.utf8),
            (Encoding::Utf8, Encoding::Utf32Le),
            vec![
                simdutf!(convert_utf8_to_utf32, |t| &t.utf8, u32_out),
                other("std", |t, d| {
                    let s = std::str::from_utf8(&t.utf8).expect("valid");
                    let out = u32_out(d);
                    out.iter_mut()
                        .zip(s.chars())
                        .map(|(o, c)| *o = c as u32)
                        .count()
                }),
            ],
        ),
        direction(
            "utf32le->utf8",
            |t| Some(t.utf32le()),
            (Encoding::Utf32Le, Encoding::Utf8),
            vec![simdutf!(convert_utf32_to_utf8, |t| &t.u32s, u8_out)],
        ),
        direction(
            "utf16le->utf32le",
            |t| Some(t.utf16le()),
            (Encoding::Utf16Le, Encoding::Utf32Le),
            vec![simdutf!(convert_utf16le_to_utf32, |t| &t.u16s, u32_out)],
        ),
        direction(
            "utf32le->utf16le",
            |t| Some(t.utf32le()),
            (Encoding::Utf32Le, Encoding::Utf16Le),
            vec![simdutf!(convert_utf32_to_utf16le, |t| &t.u32s, u16_out)],
        ),
        direction(
            "utf16le->utf16be",
            |t| Some(t.utf16le()),
            (Encoding::Utf16Le, Encoding::Utf16Be),
            vec![swap16_peer(), swap16_validated_peer()],
        ),
        Direction {
            mode: Mode::Valid,
            ..direction(
                "utf16le->utf16be (valid)",
                |t| Some(t.utf16le()),
                (Encoding::Utf16Le, Encoding::Utf16Be),
                vec![swap16_peer()],
            )
        },
        direction(
            "utf32le->utf32be",
            |t| Some(t.utf32le()),
            (Encoding::Utf32Le, Encoding::Utf32Be),
            vec![swap32_peer(false), swap32_peer(true)],
        ),
        Direction {
            mode: Mode::Valid,
            ..direction(
                "utf32le->utf32be (valid)",
                |t| Some(t.utf32le()),
                (Encoding::Utf32Le, Encoding::Utf32Be),
                vec![swap32_peer(false)],
            )
        },
        direction(
            "latin1->utf8",
            |t| t.latin1.as_deref(),
            (Encoding::Latin1, Encoding::Utf8),
            vec![
                simdutf!(convert_latin1_to_utf8, |t| latin1(t), u8_out),
                other("enc_rs", |t, d| mem::convert_latin1_to_utf8(latin1(t), d)),
            ],
        ),
        direction(
            "utf8->latin1",
            |t| t.latin1.as_ref().map(|_| &t.utf8[..]),
            (Encoding::Utf8, Encoding::Latin1),
            vec![
                simdutf!(convert_utf8_to_latin1, |t| &t.utf8, u8_out),
                other("enc_rs", |t, d| {
                    mem::convert_utf8_to_latin1_lossy(&t.utf8, d)
                }),
            ],
        ),
        direction(
            "latin1->utf16le",
            |t| t.latin1.as_deref(),
            (Encoding::Latin1, Encoding::Utf16Le),
            vec![
                simdutf!(convert_latin1_to_utf16le, |t| latin1(t), u16_out),
                other("enc_rs", |t, d| {
                    let l = latin1(t);
                    mem::convert_latin1_to_utf16(l, &mut u16_out(d)[..l.len()]);
                    l.len()
                }),
            ],
        ),
        direction(
            "utf16le->latin1",
            |t| t.latin1.as_ref().map(|_| t.utf16le()),
            (Encoding::Utf16Le, Encoding::Latin1),
            vec![
                simdutf!(convert_utf16le_to_latin1, |t| &t.u16s, u8_out),
                other("enc_rs", |t, d| {
                    mem::convert_utf16_to_latin1_lossy(&t.u16s, &mut d[..t.u16s.len()]);
                    t.u16s.len()
                }),
            ],
        ),
        direction(
            "utf8->utf8",
            |t| Some(&t.utf8),
            (Encoding::Utf8, Encoding::Utf8),
            vec![
                // Validated copies: simdutf's validator or std's, then memcpy.
                other("simdutf", |t, d| {
                    assert!(simdutf::validate_utf8(&t.utf8));
                    d[..t.utf8.len()].copy_from_slice(&t.utf8);
                    t.utf8.len()
                }),
                other("std", |t, d| {
                    let s = std::str::from_utf8(&t.utf8).expect("valid");
                    d[..s.len()].copy_from_slice(s.as_bytes());
                    s.len()
                }),
            ],
        ),
    ]
}

/// The kernel operation that `Kernel::transcode` runs for `from -> to` (the names of
/// `Kernel::implementation`).
fn op_name(from: Encoding, to: Encoding) -> String {
    use Encoding::*;
    let form = |e: Encoding| match e {
        Utf8 => "utf8",
        Utf16Le | Utf16Be => "utf16",
        Utf32Le | Utf32Be => "utf32",
        Latin1 => "latin1",
        Wtf8 => "wtf8",
        Cesu8 => "cesu8",
        Mutf8 => "mutf8",
        _ => "codepage",
    };
    match (from, to) {
        (Utf8, Wtf8) => "utf8_to_utf8".into(),
        _ => format!("{}_to_{}", form(from), form(to)),
    }
}

/// For each kernel, the index of the kernel whose function it runs for `op` when it
/// is the avx2 kernel's entry (the AVX-512 tiers borrow avx2 entries), else `None`.
/// A borrowed column is not timed: it shows its lender's time. Timing the same
/// function in consecutive columns would favour the later ones, which run after
/// the branch predictor has learned the input in the earlier ones (measured on the
/// "Mars" code-page texts: the same avx2 function 13% to 71% faster in the third column
/// than in the first).
fn lenders(kernels: &[&Kernel], op: &str) -> Vec<Option<usize>> {
    let avx2 = kernels.iter().position(|k| k.name() == "avx2");
    kernels
        .iter()
        .map(|k| {
            let borrows = k.name() != "avx2" && k.implementation(op) == Some("avx2");
            avx2.filter(|_| borrows)
        })
        .collect()
}

fn main() {
    let (markdown, filter) = bench_args();
    let kernels: Vec<&Kernel> = utfast_simd::available().collect();
    let cpu = cpu_name();
    println!("CPU: {cpu}");
    println!(
        "simdutf: SIMDUTF_FORCE_IMPLEMENTATION={:?}; our kernels: {:?}",
        std::env::var("SIMDUTF_FORCE_IMPLEMENTATION").ok(),
        kernels.iter().map(|k| k.name()).collect::<Vec<_>>()
    );
    // Which code each kernel runs where it is not its own (the AVX-512 tiers take
    // the avx2 kernel's entries for some operations).
    for k in &kernels {
        let borrowed: Vec<String> = k
            .implementations()
            .filter(|&(_, imp)| !k.name().starts_with(imp))
            .map(|(op, imp)| format!("{op}={imp}"))
            .collect();
        if !borrowed.is_empty() {
            println!("{}: {}", k.name(), borrowed.join(" "));
        }
    }
    let (inp, outp) = offsets();
    println!(
        "buffers: input {inp}, output {outp} bytes past a 64-byte boundary \
         (UTFAST_BENCH_OFFSETS={inp},{outp})"
    );
    let mut texts = texts();
    // Code pages: their texts, used only by their directions.
    texts.extend(cyrillic_texts());
    let mut dirs = directions();
    dirs.extend(codepage_directions());
    dirs.extend(wtf8_directions());
    for dir in dirs {
        if filter
            .as_ref()
            .is_some_and(|f| !dir.name.contains(f.as_str()))
        {
            continue;
        }
        let mut header = vec!["file".to_string()];
        header.extend(kernels.iter().map(|k| k.name().to_string()));
        header.extend(dir.others.iter().map(|(n, _)| n.to_string()));
        header.extend(dir.others.iter().map(|(n, _)| format!("best/{n}")));
        header.push("lossy".into());
        println!();
        println!("## {} (GB/s of input)", dir.name);
        print_row(&header, markdown, true);
        for t in &texts {
            // A code page direction runs on the texts in its code page only, the
            // others on the texts without one.
            let page = [dir.from, dir.to]
                .into_iter()
                .find(|&e| utfast_scalar::CodePage::of(e).is_some());
            if t.codepage.as_ref().map(|(e, _)| *e) != page {
                continue;
            }
            if latin1_only(&t.name) && ![dir.from, dir.to].contains(&Encoding::Latin1) {
                continue;
            }
            let Some(src) = (dir.input)(t) else { continue };
            // One output buffer for every column, of u64s (aligned for the u16/u32
            // views of the competitors) and 4 bytes per input byte: more than any
            // worst case, at the output offset of `offsets`. Every column reads the
            // same input bytes (see `Text::utf16le`) and writes to the same address,
            // so all columns see the same placement and the same 4K aliasing between
            // input and output (which moved single rows by 5-15% when each column had
            // buffers of its own). The columns run one after the other, so the
            // `RefCell` is never contended; its check costs the same in every column.
            let buf = RefCell::new(Placed::<u64>::zeroed(src.len() / 2 + 64, offsets().1));
            let buf = &buf;
            // Every kernel strict (a borrowed column does nothing, see `lenders`),
            // the first kernel lossy, then the competitors.
            let lent = lenders(&kernels, &op_name(dir.from, dir.to));
            let mut fs: Vec<Box<dyn FnMut() + '_>> = Vec::new();
            for (i, k) in kernels.iter().chain(kernels.first()).enumerate() {
                let mode = if i < kernels.len() {
                    dir.mode
                } else {
                    Mode::Lossy
                };
                let (from, to) = (dir.from, dir.to);
                if lent.get(i).copied().flatten().is_some() {
                    fs.push(Box::new(|| {}));
                    continue;
                }
                fs.push(Box::new(move || {
                    let mut b = buf.borrow_mut();
                    let dst: &mut [u8] = bytemuck::cast_slice_mut(&mut b[..]);
                    black_box(
                        k.transcode(black_box(src), dst, from, to, mode)
                            .expect("valid"),
                    );
                }));
            }
            for (_, other) in &dir.others {
                fs.push(Box::new(move || {
                    let mut b = buf.borrow_mut();
                    let dst: &mut [u8] = bytemuck::cast_slice_mut(&mut b[..]);
                    black_box(other(black_box(t), dst));
                }));
            }
            let mut times = time_all(&mut fs);
            drop(fs);
            for (i, l) in lent.iter().enumerate() {
                if let Some(l) = *l {
                    times[i] = times[l];
                }
            }
            let gbs = |t: f64| format!("{:.2}", src.len() as f64 / t / 1e9);
            let ours = &times[..kernels.len()];
            let best = ours.iter().copied().fold(f64::MAX, f64::min);
            let mut row = vec![t.name.clone()];
            row.extend(ours.iter().map(|&t| gbs(t)));
            row.extend(times[kernels.len() + 1..].iter().map(|&t| gbs(t)));
            row.extend(
                times[kernels.len() + 1..]
                    .iter()
                    .map(|&o| format!("{:.2}", o / best)),
            );
            row.push(format!("{:.2}", times[kernels.len()] / times[0]));
            print_row(&row, markdown, false);
        }
    }
}
