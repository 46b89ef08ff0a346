//! Conformance vectors (tests/data/conformance, see PROVENANCE.md there) run through
//! the scalar crate and every available kernel, and compared with std.
//!
//! - lossy/vectors.json: UTF-8 -> UTF-8/UTF-16/UTF-32 lossy equals the expected
//!   maximal-subpart output; strict mode fails iff the input is ill-formed, at the
//!   position `core::str::from_utf8` reports; the full direction x mode x buffer matrix.
//! - lossy/files, lossy/bom_utf8.json, lossy/streaming.json (concatenated only).
//! - utf16/vectors.json, utf32/vectors.json: validity, lossy UTF-16/32 -> UTF-8 and
//!   via UTF-32/UTF-16, BOM handling (sniff/strip/keep).
//! - Kuhn's UTF-8-test.txt and the UTF-8/UTF-16BE demo texts.

use serde_json::Value;
use utfast_testkit::*;

/// `tests/data/conformance/<rel>` (see PROVENANCE.md there).
fn conformance(rel: &str) -> Vec<u8> {
    data(&format!("conformance/{rel}"))
}

fn records(rel: &str) -> Vec<Value> {
    let v: Value = serde_json::from_slice(&conformance(rel)).expect("json");
    v.as_array().expect("array").clone()
}

fn field_hex(r: &Value, name: &str) -> Option<Vec<u8>> {
    r[name].as_str().map(hex)
}

/// Collects failures and panics with the first ones at the end.
#[derive(Default)]
struct Failures(Vec<String>);

impl Failures {
    fn check(&mut self, ok: bool, msg: impl FnOnce() -> String) {
        if !ok {
            self.0.push(msg());
        }
    }
    fn push_err(&mut self, r: Result<(), String>) {
        if let Err(m) = r {
            self.0.push(m);
        }
    }
    fn finish(self, what: &str, cases: usize) {
        println!("{what}: {cases} cases, {} failures", self.0.len());
        if !self.0.is_empty() {
            let shown: Vec<&String> = self.0.iter().take(20).collect();
            panic!(
                "{what}: {} failures of {cases}; first ones:\n{}",
                self.0.len(),
                shown
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join("\n")
            );
        }
    }
}

/// Transcodes with kernel `k` into a buffer of `max_output_len`; `Err` text on failure.
fn run(k: &Kernel, src: &[u8], from: Encoding, to: Encoding, mode: Mode) -> Outcome {
    let n = utfast_scalar::transcode::max_output_len(from, to, src.len());
    kernel(k, src, from, to, mode, n, 0xA5)
        .unwrap_or_else(|m| panic!("kernel {}: {m} ({from} -> {to} {mode:?})", k.name()))
}

fn lossy_utf8_checks(
    f: &mut Failures,
    ks: &[&'static Kernel],
    id: &str,
    input: &[u8],
    want: &[u8],
) {
    let std_lossy = String::from_utf8_lossy(input);
    f.check(std_lossy.as_bytes() == want, || {
        format!("{id}: String::from_utf8_lossy disagrees with the vector")
    });
    let want_str = std::str::from_utf8(want).expect("expected output is UTF-8");
    let std_err = std::str::from_utf8(input).err();
    f.check(std_err.is_none() == (input == want), || {
        format!(
            "{id}: vector says valid={} but std disagrees",
            input == want
        )
    });
    for k in ks {
        for to in UNICODE {
            let got = run(k, input, Encoding::Utf8, to, Mode::Lossy);
            let w = encode_str(want_str, to);
            f.check(got.result == Ok(w.len()) && got.out == w, || {
                format!(
                    "{id}: kernel {} UTF-8 -> {to} lossy of {}: got {:?} {}, want {}",
                    k.name(),
                    show(input),
                    got.result,
                    show(&got.out),
                    show(&w)
                )
            });
            let strict = run(k, input, Encoding::Utf8, to, Mode::Strict);
            match (std_err, strict.result) {
                (None, Ok(n)) => f.check(n == w.len() && strict.out == w, || {
                    format!("{id}: kernel {} strict {to} output wrong", k.name())
                }),
                (Some(e), Err(te)) => {
                    let prefix = encode_str(
                        std::str::from_utf8(&input[..e.valid_up_to()]).unwrap(),
                        to,
                    );
                    let kind = utfast_scalar::utf8::classify_error(&input[e.valid_up_to()..]).0;
                    f.check(
                        te.valid_up_to() == e.valid_up_to()
                            && te.kind() == kind
                            && strict.out == prefix,
                        || {
                            format!(
                                "{id}: kernel {} strict UTF-8 -> {to} of {}: got {te:?}, std valid_up_to {} kind {kind:?}",
                                k.name(),
                                show(input),
                                e.valid_up_to()
                            )
                        },
                    );
                }
                (want_err, got) => f.0.push(format!(
                    "{id}: kernel {} strict UTF-8 -> {to} of {}: got {got:?}, std error {want_err:?}",
                    k.name(),
                    show(input)
                )),
            }
        }
        // Validation agrees with core::str::from_utf8 exactly.
        let v = k.validate_utf8(input);
        let same = match (v, std_err) {
            (Ok(()), None) => true,
            (Err(a), Some(b)) => {
                a.valid_up_to() == b.valid_up_to() && a.error_len() == b.error_len()
            }
            _ => false,
        };
        f.check(same, || {
            format!(
                "{id}: kernel {} validate_utf8 {v:?} vs std {std_err:?}",
                k.name()
            )
        });
    }
}

#[test]
fn lossy_vectors() {
    let ks = kernels();
    let recs = records("lossy/vectors.json");
    assert_eq!(recs.len(), 1286);
    let mut f = Failures::default();
    for r in &recs {
        let id = format!("lossy#{} ({})", r["id"], r["test"].as_str().unwrap_or(""));
        let input = field_hex(r, "input_hex").unwrap();
        let want = field_hex(r, "expected_utf8_hex").unwrap();
        lossy_utf8_checks(&mut f, ks, &id, &input, &want);
    }
    f.finish("lossy/vectors.json", recs.len());
}

#[test]
fn lossy_vectors_every_direction_and_buffer() {
    // The inputs of lossy/vectors.json read as every source encoding (they are
    // arbitrary bytes), to every target, all modes, exact/exact-1/max buffers.
    let ks = kernels();
    let recs = records("lossy/vectors.json");
    let mut f = Failures::default();
    let mut n = 0;
    for r in &recs {
        let input = field_hex(r, "input_hex").unwrap();
        if input.len() > 4096 {
            continue;
        }
        for from in ALL {
            n += 1;
            f.push_err(
                check_all_targets(ks, &input, from, &ALL)
                    .map_err(|m| format!("lossy#{}: {m}", r["id"])),
            );
        }
    }
    f.finish("lossy vectors x all directions", n);
}

#[test]
fn utf8tests_whole_file() {
    let ks = kernels();
    let input = conformance("lossy/files/utf8tests.bin");
    let want = conformance("lossy/files/utf8tests.replace.expected.txt");
    let mut f = Failures::default();
    lossy_utf8_checks(&mut f, ks, "utf8tests.bin", &input, &want);
    f.finish("utf8tests.bin", 1);
}

#[test]
fn bom_utf8() {
    let ks = kernels();
    let recs = records("lossy/bom_utf8.json");
    let mut f = Failures::default();
    for r in &recs {
        let mut input = field_hex(r, "input_hex").unwrap();
        let want = field_hex(r, "expected_utf8_hex").unwrap();
        match r["bom_handling"].as_str() {
            Some("strip") => {
                assert_eq!(
                    utfast_scalar::encoding::detect_bom(&input),
                    Some((Encoding::Utf8, 3))
                );
                input.drain(..3);
            }
            Some("keep") => {}
            other => panic!("unexpected bom_handling {other:?}"),
        }
        lossy_utf8_checks(&mut f, ks, &format!("bom#{}", r["test"]), &input, &want);
    }
    f.finish("lossy/bom_utf8.json", recs.len());
}

#[test]
fn streaming_concatenated() {
    // Streaming is a later API: only the concatenated input/output is checked here.
    let ks = kernels();
    let recs = records("lossy/streaming.json");
    let mut f = Failures::default();
    for (i, r) in recs.iter().enumerate() {
        let input = field_hex(r, "input_hex").unwrap();
        let want = field_hex(r, "expected_utf8_hex").unwrap();
        lossy_utf8_checks(&mut f, ks, &format!("streaming#{i}"), &input, &want);
    }
    f.finish("lossy/streaming.json", recs.len());
}

/// Resolves a UTF-16/32 record to (encoding, body without a removed BOM).
fn resolve(r: &Value, bits: u32) -> (Encoding, Vec<u8>) {
    let input = field_hex(r, "input_hex").unwrap();
    let label = r["encoding"].as_str().unwrap();
    let labelled = if label.ends_with("le") || label.ends_with("be") {
        Some(Encoding::from_label(label).expect("label"))
    } else {
        None
    };
    let bom = r["bom_handling"].as_str();
    let (enc, skip) = match (labelled, bom) {
        (None, _) | (Some(_), Some("sniff")) => {
            let (e, skip) = Encoding::for_unlabelled(bits, &input);
            match labelled {
                Some(l) if skip == 0 => (l, 0),
                _ => (e, skip),
            }
        }
        (Some(l), Some("strip")) => {
            let skip = if input.starts_with(l.bom()) {
                l.bom().len()
            } else {
                0
            };
            (l, skip)
        }
        (Some(l), None | Some("keep")) => (l, 0),
        (Some(_), Some(other)) => panic!("unknown bom_handling {other}"),
    };
    (enc, input[skip..].to_vec())
}

fn wide_vectors(rel: &str, bits: u32, count: usize) {
    let ks = kernels();
    let recs = records(rel);
    assert_eq!(recs.len(), count);
    let mut f = Failures::default();
    let (mid_le, mid_be) = if bits == 16 {
        (Encoding::Utf32Le, Encoding::Utf32Be)
    } else {
        (Encoding::Utf16Le, Encoding::Utf16Be)
    };
    for r in &recs {
        let id = format!("{rel}#{} ({})", r["id"], r["test"].as_str().unwrap_or(""));
        let (enc, body) = resolve(r, bits);
        let endian = enc.endian().unwrap();
        let valid = r["valid"].as_bool().unwrap();
        let want = field_hex(r, "expected_utf8_hex");
        // std agrees with the vector.
        f.check(first_error(&body, enc).is_none() == valid, || {
            format!("{id}: std-based decode validity != {valid}")
        });
        if let Some(w) = &want {
            f.check(decode_lossy(&body, enc).as_bytes() == w.as_slice(), || {
                format!("{id}: std-based lossy decode differs from the vector")
            });
        }
        // The other byte order: swap every unit and read it the other way.
        let unit = enc.unit_size();
        let swapped: Vec<u8> = body
            .chunks(unit)
            .flat_map(|c| {
                let mut c = c.to_vec();
                if c.len() == unit {
                    c.reverse();
                }
                c
            })
            .collect();
        let other = match enc {
            Encoding::Utf16Le => Encoding::Utf16Be,
            Encoding::Utf16Be => Encoding::Utf16Le,
            Encoding::Utf32Le => Encoding::Utf32Be,
            _ => Encoding::Utf32Le,
        };
        for k in ks {
            for (enc, body) in [(enc, &body), (other, &swapped)] {
                let endian = enc.endian().unwrap();
                let v = if bits == 16 {
                    k.validate_utf16(body, endian).is_ok()
                } else {
                    k.validate_utf32(body, endian).is_ok()
                };
                f.check(v == valid, || {
                    format!("{id}: kernel {} validate {enc} = {v}", k.name())
                });
                let strict = run(k, body, enc, Encoding::Utf8, Mode::Strict);
                f.check(strict.result.is_ok() == valid, || {
                    format!(
                        "{id}: kernel {} strict {enc} -> UTF-8 gave {:?}",
                        k.name(),
                        strict.result
                    )
                });
                let Some(w) = &want else { continue };
                let lossy = run(k, body, enc, Encoding::Utf8, Mode::Lossy);
                f.check(&lossy.out == w && lossy.result == Ok(w.len()), || {
                    format!(
                        "{id}: kernel {} lossy {enc} -> UTF-8: {:?} {} want {}",
                        k.name(),
                        lossy.result,
                        show(&lossy.out),
                        show(w)
                    )
                });
                if valid {
                    f.check(&strict.out == w, || {
                        format!("{id}: kernel {} strict output", k.name())
                    });
                }
                for mid in [mid_le, mid_be] {
                    let a = run(k, body, enc, mid, Mode::Lossy);
                    let b = run(k, &a.out, mid, Encoding::Utf8, Mode::Strict);
                    f.check(
                        a.result.is_ok() && b.result == Ok(w.len()) && &b.out == w,
                        || {
                            format!(
                            "{id}: kernel {} {enc} -> {mid} lossy -> UTF-8: {:?}/{:?} {} want {}",
                            k.name(),
                            a.result,
                            b.result,
                            show(&b.out),
                            show(w)
                        )
                        },
                    );
                }
            }
        }
        let _ = endian;
        // Full matrix against scalar and the std model.
        for (enc, body) in [(enc, &body), (other, &swapped)] {
            f.push_err(check_all_targets(ks, body, enc, &ALL).map_err(|m| format!("{id}: {m}")));
        }
    }
    f.finish(rel, recs.len());
}

#[test]
fn utf16_vectors() {
    wide_vectors("utf16/vectors.json", 16, 98);
}

#[test]
fn utf32_vectors() {
    wide_vectors("utf32/vectors.json", 32, 26);
}

#[test]
fn kuhn_stress_test() {
    let ks = kernels();
    let input = conformance("kuhn/UTF-8-test.txt");
    assert_eq!(input.len(), 22_835);
    let std_err = std::str::from_utf8(&input).unwrap_err();
    assert_eq!(std_err.valid_up_to(), 4461);
    let std_lossy = String::from_utf8_lossy(&input);
    let mut f = Failures::default();
    for k in ks {
        let e = k
            .validate_utf8(&input)
            .expect_err("Kuhn's file is invalid UTF-8");
        f.check(
            e.valid_up_to() == std_err.valid_up_to() && e.error_len() == std_err.error_len(),
            || {
                format!(
                    "kernel {}: validate_utf8 {e:?} vs std {std_err:?}",
                    k.name()
                )
            },
        );
        let whole = run(k, &input, Encoding::Utf8, Encoding::Utf8, Mode::Lossy);
        f.check(whole.out == std_lossy.as_bytes(), || {
            format!(
                "kernel {}: whole-file lossy differs from String::from_utf8_lossy",
                k.name()
            )
        });
        let strict = run(k, &input, Encoding::Utf8, Encoding::Utf16Be, Mode::Strict);
        f.check(
            strict.result.is_err_and(|e| {
                e.valid_up_to() == 4461 && e.written() == 2 * utf16_units(&input[..4461])
            }),
            || {
                format!(
                    "kernel {}: strict UTF-8 -> UTF-16BE: {:?}",
                    k.name(),
                    strict.result
                )
            },
        );
        // Line by line: every line decodes, the last one says THE END, and exactly the
        // lines listed in the Kuhn README are not 79 characters long.
        let mut not79 = Vec::new();
        let mut started = false;
        let mut last = String::new();
        for (i, line) in input.split(|&b| b == b'\n').enumerate() {
            let out = run(k, line, Encoding::Utf8, Encoding::Utf8, Mode::Lossy);
            let s = String::from_utf8(out.out).expect("lossy output is UTF-8");
            f.check(s == String::from_utf8_lossy(line), || {
                format!(
                    "kernel {}: line {} differs from String::from_utf8_lossy",
                    k.name(),
                    i + 1
                )
            });
            let u16out = run(k, line, Encoding::Utf8, Encoding::Utf16Le, Mode::Lossy);
            f.check(u16out.out == encode_str(&s, Encoding::Utf16Le), || {
                format!("kernel {}: line {} UTF-16 lossy differs", k.name(), i + 1)
            });
            if started && !line.is_empty() && s.chars().count() != 79 {
                not79.push(i + 1);
            }
            started |= s.starts_with("Here come the tests:");
            if !s.is_empty() {
                last = s;
            }
        }
        f.check(last.contains("THE END"), || {
            format!("kernel {}: last line {last:?}", k.name())
        });
        let expected_not79: Vec<usize> = [
            75..=76,
            83..=85,
            93..=93,
            154..=157,
            160..=162,
            169..=169,
            207..=211,
            220..=224,
            232..=236,
            247..=253,
            257..=264,
        ]
        .into_iter()
        .flatten()
        .collect();
        assert_eq!(expected_not79.len(), 44);
        f.check(not79 == expected_not79, || {
            format!("kernel {}: lines not 79 chars long: {not79:?}", k.name())
        });
    }
    f.finish("kuhn", ks.len());
}

fn utf16_units(valid: &[u8]) -> usize {
    std::str::from_utf8(valid).unwrap().encode_utf16().count()
}

#[test]
fn demo_utf8_utf16be() {
    let ks = kernels();
    let u8demo = conformance("texts/UTF-8-demo.txt");
    let u16file = conformance("texts/UTF-16BE-demo.txt");
    assert_eq!(&u16file[..2], b"\xFE\xFF");
    assert_eq!(
        Encoding::for_unlabelled(16, &u16file),
        (Encoding::Utf16Be, 2)
    );
    let u16demo = &u16file[2..];
    let text = std::str::from_utf8(&u8demo).expect("demo is UTF-8");
    assert_eq!(
        encode_str(text, Encoding::Utf16Be),
        u16demo,
        "data files agree (std)"
    );
    let mut f = Failures::default();
    for k in ks {
        for mode in [Mode::Strict, Mode::Lossy, Mode::Valid] {
            let a = run(k, &u8demo, Encoding::Utf8, Encoding::Utf16Be, mode);
            f.check(a.result == Ok(u16demo.len()) && a.out == u16demo, || {
                format!(
                    "kernel {}: UTF-8 demo -> UTF-16BE {mode:?}: {:?}",
                    k.name(),
                    a.result
                )
            });
            let b = run(k, u16demo, Encoding::Utf16Be, Encoding::Utf8, mode);
            f.check(b.result == Ok(u8demo.len()) && b.out == u8demo, || {
                format!(
                    "kernel {}: UTF-16BE demo -> UTF-8 {mode:?}: {:?}",
                    k.name(),
                    b.result
                )
            });
        }
        f.check(k.validate_utf16(u16demo, Endian::Big).is_ok(), || {
            format!("kernel {}: demo is valid UTF-16BE", k.name())
        });
        f.check(k.utf16_len_from_utf8(&u8demo) * 2 == u16demo.len(), || {
            format!("kernel {}: utf16_len_from_utf8", k.name())
        });
        f.check(
            k.utf8_len_from_utf16(u16demo, Endian::Big) == u8demo.len(),
            || format!("kernel {}: utf8_len_from_utf16", k.name()),
        );
        f.check(k.count_utf8(&u8demo) == text.chars().count(), || {
            format!("kernel {}: count_utf8", k.name())
        });
        f.check(
            k.count_utf16(u16demo, Endian::Big) == text.chars().count(),
            || format!("kernel {}: count_utf16", k.name()),
        );
    }
    f.finish("UTF-8-demo <-> UTF-16BE-demo", 1);
}
