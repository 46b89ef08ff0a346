//! Encoding labels: every name of each encoding utfast converts in the WHATWG
//! Encoding Standard, glibc's iconv, Python's codec registry and PostgreSQL, and the
//! names of encodings utfast knows but does not convert, so that their error can
//! say so.
//!
//! Labels compare as those registries compare them, all at once: surrounding ASCII
//! whitespace and one pair of quotes (`"windows-1251"`, as in an HTTP header) are
//! dropped, case is ignored, and so are `-`, `_`, `.`, `:`, `/` and spaces inside
//! (Python maps hyphens and spaces to `_`, PostgreSQL drops every non-alphanumeric
//! character, WHATWG matches whole labels case-insensitively). So `utf_16_le`,
//! `UTF-16LE` and `utf16le` are one label, and `WIN1251`, `cp1251`, `Windows_1251`
//! another.
//!
//! Where the registries disagree, utfast chooses and says so here:
//! - `latin1`, `iso-8859-1`, `l1` and the other ISO-8859-1 names are ISO-8859-1
//!   ([`Encoding::Latin1`]), as in iconv, Python and PostgreSQL; WHATWG decodes them
//!   as windows-1252 (`windows-1252`, `cp1252`: [`Encoding::Windows1252`]), which
//!   differs in `80..=9F` (C1 controls in ISO-8859-1, `€`, `‚`, `ƒ`, ... in
//!   windows-1252). `ascii`/`us-ascii` (windows-1252 in WHATWG) are known but not
//!   converted.
//! - The ISO-8859-9 names (`iso-8859-9`, `latin5`, `l5`) are windows-1254 and the
//!   ISO-8859-11 names (`iso-8859-11`, `tis-620`) windows-874, as in WHATWG: utfast
//!   has no separate ISO-8859-9 or TIS-620, which differ from them only in `80..=9F`
//!   (and TIS-620 in `A0`). `koi8-ru` is KOI8-U (WHATWG).
//! - `utf-16`, `utf-32` (and `u16`, `ucs-4`, ...) name no byte order: they are an
//!   error that says to take it from a BOM ([`Encoding::for_unlabelled`]).
//! - `unicode` is UTF-16 with a BOM in iconv, UTF-16LE in WHATWG and UTF-8 in
//!   PostgreSQL: an error that says it is ambiguous. `ucs-2`, `csunicode`,
//!   `iso-10646-ucs-2` are UTF-16LE as in WHATWG.

use crate::types::Encoding;
use core::fmt;

/// What a label names.
#[derive(Clone, Copy)]
enum Target {
    /// An encoding utfast converts.
    Is(Encoding),
    /// An encoding utfast knows by name but does not convert (its canonical name).
    Unsupported(&'static str),
    /// UTF-16 or UTF-32 (the unit size in bits) without a byte order.
    NoByteOrder(u8),
    /// A label with different meanings in different registries.
    Ambiguous,
}

use Target::*;

/// Normalized labels (lowercase ASCII letters and digits) and what they name.
#[rustfmt::skip]
const LABELS: &[(&str, Target)] = &[
    // UTF-8: WHATWG (utf-8, utf8, unicode-1-1-utf-8, unicode11utf8, unicode20utf8,
    // x-unicode20utf8), iconv (ISO-10646/UTF8), Python (u8, utf, utf8_ucs2,
    // utf8_ucs4, cp65001), PostgreSQL (UTF8).
    ("utf8", Is(Encoding::Utf8)), ("unicode11utf8", Is(Encoding::Utf8)),
    ("unicode20utf8", Is(Encoding::Utf8)), ("xunicode20utf8", Is(Encoding::Utf8)),
    ("iso10646utf8", Is(Encoding::Utf8)), ("u8", Is(Encoding::Utf8)), ("utf", Is(Encoding::Utf8)),
    ("utf8ucs2", Is(Encoding::Utf8)), ("utf8ucs4", Is(Encoding::Utf8)), ("cp65001", Is(Encoding::Utf8)),
    // UTF-16LE/BE: WHATWG (utf-16le, ucs-2, csunicode, iso-10646-ucs-2, unicodefeff;
    // utf-16be, unicodefffe), iconv (UCS-2LE, UNICODELITTLE; UCS-2BE, UNICODEBIG),
    // Python (unicodelittleunmarked; unicodebigunmarked).
    ("utf16le", Is(Encoding::Utf16Le)), ("ucs2", Is(Encoding::Utf16Le)), ("csunicode", Is(Encoding::Utf16Le)),
    ("iso10646ucs2", Is(Encoding::Utf16Le)), ("unicodefeff", Is(Encoding::Utf16Le)),
    ("ucs2le", Is(Encoding::Utf16Le)), ("unicodelittle", Is(Encoding::Utf16Le)),
    ("unicodelittleunmarked", Is(Encoding::Utf16Le)),
    ("utf16be", Is(Encoding::Utf16Be)), ("unicodefffe", Is(Encoding::Utf16Be)), ("ucs2be", Is(Encoding::Utf16Be)),
    ("unicodebig", Is(Encoding::Utf16Be)), ("unicodebigunmarked", Is(Encoding::Utf16Be)),
    // UTF-32LE/BE: iconv (UTF-32LE, UCS-4LE; ...BE), Python (utf_32_le; utf_32_be).
    ("utf32le", Is(Encoding::Utf32Le)), ("ucs4le", Is(Encoding::Utf32Le)),
    ("utf32be", Is(Encoding::Utf32Be)), ("ucs4be", Is(Encoding::Utf32Be)),
    // No byte order: WHATWG and iconv utf-16, Python u16/utf16, iconv UCS-4 & co.
    ("utf16", NoByteOrder(16)), ("u16", NoByteOrder(16)),
    ("utf32", NoByteOrder(32)), ("u32", NoByteOrder(32)), ("ucs4", NoByteOrder(32)),
    ("iso10646ucs4", NoByteOrder(32)), ("csucs4", NoByteOrder(32)), ("106461993ucs4", NoByteOrder(32)),
    ("unicode", Ambiguous),
    // ISO-8859-1: iconv (ISO-8859-1, ISO_8859-1:1987, ISO-IR-100, 8859_1, L1,
    // LATIN1, IBM819, CP819, CSISOLATIN1), Python (latin_1, latin, 8859, iso8859,
    // iso_ir_100, ...), PostgreSQL (LATIN1, ISO88591).
    ("latin1", Is(Encoding::Latin1)), ("iso88591", Is(Encoding::Latin1)), ("l1", Is(Encoding::Latin1)),
    ("isoir100", Is(Encoding::Latin1)), ("iso885911987", Is(Encoding::Latin1)), ("ibm819", Is(Encoding::Latin1)),
    ("cp819", Is(Encoding::Latin1)), ("csisolatin1", Is(Encoding::Latin1)), ("8859", Is(Encoding::Latin1)),
    ("iso8859", Is(Encoding::Latin1)), ("latin", Is(Encoding::Latin1)), ("88591", Is(Encoding::Latin1)),
    // Cyrillic code pages. KOI8-R: WHATWG (koi8-r, koi8_r, koi8, koi, cskoi8r),
    // iconv (KOI8-R, KOI8R, CSKOI8R), Python (koi8_r, cskoi8r), PostgreSQL (KOI8R,
    // KOI8).
    ("koi8r", Is(Encoding::Koi8R)), ("koi8", Is(Encoding::Koi8R)), ("koi", Is(Encoding::Koi8R)),
    ("cskoi8r", Is(Encoding::Koi8R)),
    // windows-1251: WHATWG (windows-1251, cp1251, x-cp1251), iconv (WINDOWS-1251,
    // CP1251, MS-CYRL), Python (cp1251, windows_1251, 1251), PostgreSQL (WIN1251,
    // WIN, windows1251).
    ("windows1251", Is(Encoding::Windows1251)), ("cp1251", Is(Encoding::Windows1251)),
    ("xcp1251", Is(Encoding::Windows1251)), ("mscyrl", Is(Encoding::Windows1251)),
    ("1251", Is(Encoding::Windows1251)), ("win1251", Is(Encoding::Windows1251)), ("win", Is(Encoding::Windows1251)),
    // IBM866: WHATWG and iconv (ibm866, cp866, 866, csibm866), Python (cp866, ...),
    // PostgreSQL (WIN866, ALT, windows866).
    ("ibm866", Is(Encoding::Ibm866)), ("cp866", Is(Encoding::Ibm866)), ("866", Is(Encoding::Ibm866)),
    ("csibm866", Is(Encoding::Ibm866)), ("win866", Is(Encoding::Ibm866)), ("windows866", Is(Encoding::Ibm866)),
    ("alt", Is(Encoding::Ibm866)),
    // WTF-8, CESU-8 (IANA: CESU-8, csCESU-8), MUTF-8
    ("wtf8", Is(Encoding::Wtf8)),
    ("cesu8", Is(Encoding::Cesu8)), ("cscesu8", Is(Encoding::Cesu8)),
    ("mutf8", Is(Encoding::Mutf8)), ("javamodifiedutf8", Is(Encoding::Mutf8)),
    ("modifiedutf8", Is(Encoding::Mutf8)),
    // ISO-8859-2: WHATWG (csisolatin2, iso-8859-2, iso-ir-101, iso8859-2, iso88592, iso_8859-2, iso_8859-2:1987, l2, latin2), iconv (8859_2), Python (iso8859_2), PostgreSQL (LATIN2).
    ("csisolatin2", Is(Encoding::Iso8859_2)), ("iso88592", Is(Encoding::Iso8859_2)),
    ("isoir101", Is(Encoding::Iso8859_2)), ("iso885921987", Is(Encoding::Iso8859_2)),
    ("l2", Is(Encoding::Iso8859_2)), ("latin2", Is(Encoding::Iso8859_2)),
    ("88592", Is(Encoding::Iso8859_2)),
    // ISO-8859-3: WHATWG (csisolatin3, iso-8859-3, iso-ir-109, iso_8859-3:1988, l3, latin3, ...), iconv (8859_3), PostgreSQL (LATIN3).
    ("csisolatin3", Is(Encoding::Iso8859_3)), ("iso88593", Is(Encoding::Iso8859_3)),
    ("isoir109", Is(Encoding::Iso8859_3)), ("iso885931988", Is(Encoding::Iso8859_3)),
    ("l3", Is(Encoding::Iso8859_3)), ("latin3", Is(Encoding::Iso8859_3)),
    ("88593", Is(Encoding::Iso8859_3)),
    // ISO-8859-4: WHATWG (csisolatin4, iso-8859-4, iso-ir-110, iso_8859-4:1988, l4, latin4, ...), iconv (8859_4), PostgreSQL (LATIN4).
    ("csisolatin4", Is(Encoding::Iso8859_4)), ("iso88594", Is(Encoding::Iso8859_4)),
    ("isoir110", Is(Encoding::Iso8859_4)), ("iso885941988", Is(Encoding::Iso8859_4)),
    ("l4", Is(Encoding::Iso8859_4)), ("latin4", Is(Encoding::Iso8859_4)),
    ("88594", Is(Encoding::Iso8859_4)),
    // ISO-8859-5: WHATWG (csisolatincyrillic, cyrillic, iso-8859-5, iso-ir-144, iso_8859-5:1988, ...), iconv (8859_5), PostgreSQL (ISO_8859_5).
    ("csisolatincyrillic", Is(Encoding::Iso8859_5)), ("cyrillic", Is(Encoding::Iso8859_5)),
    ("iso88595", Is(Encoding::Iso8859_5)), ("isoir144", Is(Encoding::Iso8859_5)),
    ("iso885951988", Is(Encoding::Iso8859_5)), ("88595", Is(Encoding::Iso8859_5)),
    // ISO-8859-6: WHATWG (arabic, asmo-708, csiso88596e, csiso88596i, csisolatinarabic, ecma-114, iso-8859-6, iso-8859-6-e, iso-8859-6-i, iso-ir-127, iso_8859-6:1987, ...), iconv (8859_6), PostgreSQL (ISO_8859_6).
    ("arabic", Is(Encoding::Iso8859_6)), ("asmo708", Is(Encoding::Iso8859_6)),
    ("csiso88596e", Is(Encoding::Iso8859_6)), ("csiso88596i", Is(Encoding::Iso8859_6)),
    ("csisolatinarabic", Is(Encoding::Iso8859_6)), ("ecma114", Is(Encoding::Iso8859_6)),
    ("iso88596", Is(Encoding::Iso8859_6)), ("iso88596e", Is(Encoding::Iso8859_6)),
    ("iso88596i", Is(Encoding::Iso8859_6)), ("isoir127", Is(Encoding::Iso8859_6)),
    ("iso885961987", Is(Encoding::Iso8859_6)), ("88596", Is(Encoding::Iso8859_6)),
    // ISO-8859-7: WHATWG (csisolatingreek, ecma-118, elot_928, greek, greek8, iso-8859-7, iso-ir-126, iso_8859-7:1987, sun_eu_greek, ...), iconv (8859_7), PostgreSQL (ISO_8859_7).
    ("csisolatingreek", Is(Encoding::Iso8859_7)), ("ecma118", Is(Encoding::Iso8859_7)),
    ("elot928", Is(Encoding::Iso8859_7)), ("greek", Is(Encoding::Iso8859_7)),
    ("greek8", Is(Encoding::Iso8859_7)), ("iso88597", Is(Encoding::Iso8859_7)),
    ("isoir126", Is(Encoding::Iso8859_7)), ("iso885971987", Is(Encoding::Iso8859_7)),
    ("suneugreek", Is(Encoding::Iso8859_7)), ("88597", Is(Encoding::Iso8859_7)),
    // ISO-8859-8: WHATWG (csiso88598e, csisolatinhebrew, hebrew, iso-8859-8, iso-8859-8-e, iso-ir-138, iso_8859-8:1988, visual, ...), iconv (8859_8), PostgreSQL (ISO_8859_8).
    ("csiso88598e", Is(Encoding::Iso8859_8)), ("csisolatinhebrew", Is(Encoding::Iso8859_8)),
    ("hebrew", Is(Encoding::Iso8859_8)), ("iso88598", Is(Encoding::Iso8859_8)),
    ("iso88598e", Is(Encoding::Iso8859_8)), ("isoir138", Is(Encoding::Iso8859_8)),
    ("iso885981988", Is(Encoding::Iso8859_8)), ("visual", Is(Encoding::Iso8859_8)),
    ("88598", Is(Encoding::Iso8859_8)),
    // ISO-8859-8-I: WHATWG (csiso88598i, iso-8859-8-i, logical).
    ("csiso88598i", Is(Encoding::Iso8859_8I)), ("iso88598i", Is(Encoding::Iso8859_8I)),
    ("logical", Is(Encoding::Iso8859_8I)),
    // ISO-8859-10: WHATWG (csisolatin6, iso-8859-10, iso-ir-157, l6, latin6, ...), iconv (8859_10, ISO_8859-10:1992), PostgreSQL (LATIN6).
    ("csisolatin6", Is(Encoding::Iso8859_10)), ("iso885910", Is(Encoding::Iso8859_10)),
    ("isoir157", Is(Encoding::Iso8859_10)), ("l6", Is(Encoding::Iso8859_10)),
    ("latin6", Is(Encoding::Iso8859_10)), ("885910", Is(Encoding::Iso8859_10)),
    ("iso8859101992", Is(Encoding::Iso8859_10)),
    // ISO-8859-13: WHATWG (iso-8859-13, iso8859-13, iso885913), iconv (LATIN7, L7, ISO-IR-179), PostgreSQL (LATIN7).
    ("iso885913", Is(Encoding::Iso8859_13)), ("latin7", Is(Encoding::Iso8859_13)),
    ("l7", Is(Encoding::Iso8859_13)), ("isoir179", Is(Encoding::Iso8859_13)),
    ("885913", Is(Encoding::Iso8859_13)),
    // ISO-8859-14: WHATWG (iso-8859-14, ...), iconv (LATIN8, L8, ISO-IR-199, ISO-CELTIC, ISO_8859-14:1998), PostgreSQL (LATIN8).
    ("iso885914", Is(Encoding::Iso8859_14)), ("latin8", Is(Encoding::Iso8859_14)),
    ("l8", Is(Encoding::Iso8859_14)), ("isoir199", Is(Encoding::Iso8859_14)),
    ("isoceltic", Is(Encoding::Iso8859_14)), ("iso8859141998", Is(Encoding::Iso8859_14)),
    ("885914", Is(Encoding::Iso8859_14)),
    // ISO-8859-15: WHATWG (csisolatin9, iso-8859-15, iso_8859-15, l9, ...), iconv (LATIN-9, ISO_8859-15:1998, ISO-IR-203), PostgreSQL (LATIN9).
    ("csisolatin9", Is(Encoding::Iso8859_15)), ("iso885915", Is(Encoding::Iso8859_15)),
    ("l9", Is(Encoding::Iso8859_15)), ("latin9", Is(Encoding::Iso8859_15)),
    ("iso8859151998", Is(Encoding::Iso8859_15)), ("isoir203", Is(Encoding::Iso8859_15)),
    ("885915", Is(Encoding::Iso8859_15)),
    // ISO-8859-16: WHATWG (iso-8859-16), iconv (LATIN10, L10, ISO-IR-226, ISO_8859-16:2001), PostgreSQL (LATIN10).
    ("iso885916", Is(Encoding::Iso8859_16)), ("latin10", Is(Encoding::Iso8859_16)),
    ("l10", Is(Encoding::Iso8859_16)), ("isoir226", Is(Encoding::Iso8859_16)),
    ("iso8859162001", Is(Encoding::Iso8859_16)), ("885916", Is(Encoding::Iso8859_16)),
    // KOI8-U: WHATWG (koi8-u, koi8-ru), iconv (KOI8-U), Python (koi8_u), PostgreSQL (KOI8U).
    ("koi8u", Is(Encoding::Koi8U)), ("koi8ru", Is(Encoding::Koi8U)),
    // macintosh: WHATWG (csmacintosh, mac, macintosh, x-mac-roman), iconv (MACINTOSH, MAC), Python (mac_roman, macroman).
    ("csmacintosh", Is(Encoding::Macintosh)), ("mac", Is(Encoding::Macintosh)),
    ("macintosh", Is(Encoding::Macintosh)), ("xmacroman", Is(Encoding::Macintosh)),
    ("macroman", Is(Encoding::Macintosh)),
    // windows-874: WHATWG (dos-874, iso-8859-11, iso8859-11, iso885911, tis-620, windows-874), Python (cp874), PostgreSQL (WIN874).
    ("dos874", Is(Encoding::Windows874)), ("iso885911", Is(Encoding::Windows874)),
    ("tis620", Is(Encoding::Windows874)), ("windows874", Is(Encoding::Windows874)),
    ("cp874", Is(Encoding::Windows874)), ("win874", Is(Encoding::Windows874)),
    ("885911", Is(Encoding::Windows874)),
    // windows-1250: WHATWG (cp1250, windows-1250, x-cp1250), iconv (MS-EE), PostgreSQL (WIN1250).
    ("windows1250", Is(Encoding::Windows1250)), ("cp1250", Is(Encoding::Windows1250)),
    ("xcp1250", Is(Encoding::Windows1250)), ("msee", Is(Encoding::Windows1250)),
    ("win1250", Is(Encoding::Windows1250)),
    // windows-1252: WHATWG (cp1252, windows-1252, x-cp1252; WHATWG's latin1, iso-8859-1, ascii and their aliases are ISO-8859-1 and US-ASCII here, as in iconv), iconv (MS-ANSI), PostgreSQL (WIN1252).
    ("windows1252", Is(Encoding::Windows1252)), ("cp1252", Is(Encoding::Windows1252)),
    ("xcp1252", Is(Encoding::Windows1252)), ("msansi", Is(Encoding::Windows1252)),
    ("win1252", Is(Encoding::Windows1252)),
    // windows-1253: WHATWG (cp1253, windows-1253, x-cp1253), iconv (MS-GREEK), PostgreSQL (WIN1253).
    ("windows1253", Is(Encoding::Windows1253)), ("cp1253", Is(Encoding::Windows1253)),
    ("xcp1253", Is(Encoding::Windows1253)), ("msgreek", Is(Encoding::Windows1253)),
    ("win1253", Is(Encoding::Windows1253)),
    // windows-1254: WHATWG (cp1254, windows-1254, x-cp1254, and the ISO-8859-9 names: csisolatin5, iso-8859-9, iso-ir-148, iso_8859-9:1989, l5, latin5, ...), iconv (MS-TURK, 8859_9), PostgreSQL (WIN1254, LATIN5).
    ("windows1254", Is(Encoding::Windows1254)), ("cp1254", Is(Encoding::Windows1254)),
    ("xcp1254", Is(Encoding::Windows1254)), ("csisolatin5", Is(Encoding::Windows1254)),
    ("iso88599", Is(Encoding::Windows1254)), ("isoir148", Is(Encoding::Windows1254)),
    ("iso885991989", Is(Encoding::Windows1254)), ("l5", Is(Encoding::Windows1254)),
    ("latin5", Is(Encoding::Windows1254)), ("msturk", Is(Encoding::Windows1254)),
    ("win1254", Is(Encoding::Windows1254)), ("88599", Is(Encoding::Windows1254)),
    // windows-1255: WHATWG (cp1255, windows-1255, x-cp1255), iconv (MS-HEBR), PostgreSQL (WIN1255).
    ("windows1255", Is(Encoding::Windows1255)), ("cp1255", Is(Encoding::Windows1255)),
    ("xcp1255", Is(Encoding::Windows1255)), ("mshebr", Is(Encoding::Windows1255)),
    ("win1255", Is(Encoding::Windows1255)),
    // windows-1256: WHATWG (cp1256, windows-1256, x-cp1256), iconv (MS-ARAB), PostgreSQL (WIN1256).
    ("windows1256", Is(Encoding::Windows1256)), ("cp1256", Is(Encoding::Windows1256)),
    ("xcp1256", Is(Encoding::Windows1256)), ("msarab", Is(Encoding::Windows1256)),
    ("win1256", Is(Encoding::Windows1256)),
    // windows-1257: WHATWG (cp1257, windows-1257, x-cp1257), iconv (WINBALTRIM), PostgreSQL (WIN1257).
    ("windows1257", Is(Encoding::Windows1257)), ("cp1257", Is(Encoding::Windows1257)),
    ("xcp1257", Is(Encoding::Windows1257)), ("winbaltrim", Is(Encoding::Windows1257)),
    ("win1257", Is(Encoding::Windows1257)),
    // windows-1258: WHATWG (cp1258, windows-1258, x-cp1258), PostgreSQL (WIN1258).
    ("windows1258", Is(Encoding::Windows1258)), ("cp1258", Is(Encoding::Windows1258)),
    ("xcp1258", Is(Encoding::Windows1258)), ("win1258", Is(Encoding::Windows1258)),
    // x-mac-cyrillic: WHATWG (x-mac-cyrillic, x-mac-ukrainian), Python (mac_cyrillic, maccyrillic), iconv (MAC-CYRILLIC).
    ("xmaccyrillic", Is(Encoding::XMacCyrillic)), ("xmacukrainian", Is(Encoding::XMacCyrillic)),
    ("maccyrillic", Is(Encoding::XMacCyrillic)),
    // Known, not converted: the other encodings of the WHATWG standard and the
    // common names of the rest that people meet next to these.
    ("ascii", Unsupported("US-ASCII")), ("usascii", Unsupported("US-ASCII")),
    ("ansix341968", Unsupported("US-ASCII")), ("csascii", Unsupported("US-ASCII")),
    ("646", Unsupported("US-ASCII")), ("us", Unsupported("US-ASCII")), ("cp367", Unsupported("US-ASCII")),
    ("gbk", Unsupported("GBK")), ("cp936", Unsupported("GBK")), ("gb2312", Unsupported("GBK")),
    ("gb18030", Unsupported("gb18030")),
    ("big5", Unsupported("Big5")), ("cp950", Unsupported("Big5")), ("big5hkscs", Unsupported("Big5")),
    ("eucjp", Unsupported("EUC-JP")), ("iso2022jp", Unsupported("ISO-2022-JP")),
    ("shiftjis", Unsupported("Shift_JIS")), ("sjis", Unsupported("Shift_JIS")),
    ("cp932", Unsupported("Shift_JIS")), ("windows31j", Unsupported("Shift_JIS")),
    ("euckr", Unsupported("EUC-KR")), ("cp949", Unsupported("EUC-KR")),
    ("utf7", Unsupported("UTF-7")),
];

/// The characters a comparison ignores inside a label.
const fn ignored(b: u8) -> bool {
    matches!(b, b'-' | b'_' | b'.' | b':' | b'/' | b' ')
}

/// `label` without surrounding ASCII whitespace and one pair of quotes around it.
fn unquote(label: &str) -> &str {
    let l = label.trim_matches(|c: char| c.is_ascii_whitespace());
    let quoted = |q: char| l.len() >= 2 && l.starts_with(q) && l.ends_with(q);
    if quoted('"') || quoted('\'') {
        l[1..l.len() - 1].trim_matches(|c: char| c.is_ascii_whitespace())
    } else {
        l
    }
}

/// Whether `label` normalizes to `key` (lowercase, without the ignored characters).
fn matches(label: &str, key: &str) -> bool {
    let mut k = key.bytes();
    for b in label.bytes().filter(|&b| !ignored(b)) {
        if k.next() != Some(b.to_ascii_lowercase()) {
            return false;
        }
    }
    k.next().is_none()
}

/// The normalized form of `label` in `buf`, or `None` if it does not fit.
fn normalize<'a>(label: &str, buf: &'a mut [u8; 64]) -> Option<&'a [u8]> {
    let mut n = 0;
    for b in label.bytes().filter(|&b| !ignored(b)) {
        *buf.get_mut(n)? = b.to_ascii_lowercase();
        n += 1;
    }
    Some(&buf[..n])
}

/// Levenshtein distance of two short byte strings (`b` at most 64 bytes).
fn distance(a: &[u8], b: &[u8]) -> usize {
    let mut row = [0usize; 65];
    for (j, r) in row.iter_mut().enumerate().take(b.len() + 1) {
        *r = j;
    }
    for (i, &x) in a.iter().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, &y) in b.iter().enumerate() {
            let next = (diag + usize::from(x != y))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diag = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// The supported encoding whose label is nearest to the normalized `label`, if one
/// is close enough to be a typo (one edit per four characters, at least one).
fn nearest(label: &[u8]) -> Option<Encoding> {
    let limit = (label.len() / 4).max(1);
    LABELS
        .iter()
        .filter_map(|&(key, t)| match t {
            Is(e) => Some((distance(label, key.as_bytes()), e)),
            _ => None,
        })
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, e)| e)
}

/// Why a label is not an [`Encoding`]: [`Encoding::parse_label`] and
/// `str::parse::<Encoding>()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LabelErrorKind {
    /// No encoding has this label; `suggestion` is the encoding with the nearest
    /// label, if one is close.
    Unknown {
        /// The encoding the label is probably a typo for.
        suggestion: Option<Encoding>,
    },
    /// The label names an encoding utfast does not convert (its canonical name,
    /// e.g. `"windows-1252"`).
    Unsupported {
        /// The canonical name of the encoding.
        name: &'static str,
    },
    /// UTF-16 or UTF-32 without a byte order (`utf-16`, `utf-32`): the byte order
    /// comes from a BOM ([`Encoding::for_unlabelled`]).
    NoByteOrder {
        /// 16 or 32.
        unit_bits: u8,
    },
    /// A label that registries give different meanings (`unicode`).
    Ambiguous,
}

/// A label that is not an [`Encoding`] utfast converts, with the label as given
/// (the first 64 bytes) and what is wrong with it.
///
/// ```
/// use utfast_scalar::{Encoding, LabelErrorKind};
/// let e = "windows1521".parse::<Encoding>().unwrap_err();
/// assert_eq!(e.to_string(), r#"unknown encoding label "windows1521" (did you mean "windows-1251"?)"#);
/// assert_eq!(e.kind(), LabelErrorKind::Unknown { suggestion: Some(Encoding::Windows1251) });
///
/// let e = Encoding::parse_label("cp936").unwrap_err();
/// assert_eq!(e.to_string(), r#"GBK (label "cp936") is not supported yet"#);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LabelError {
    label: [u8; 64],
    len: u8,
    kind: LabelErrorKind,
}

impl LabelError {
    fn new(label: &str, kind: LabelErrorKind) -> Self {
        let mut len = label.len().min(64);
        while !label.is_char_boundary(len) {
            len -= 1;
        }
        let mut buf = [0u8; 64];
        buf[..len].copy_from_slice(&label.as_bytes()[..len]);
        LabelError {
            label: buf,
            // At most 64.
            len: len as u8,
            kind,
        }
    }

    /// The label that was looked up (trimmed, without quotes; its first 64 bytes).
    pub fn label(&self) -> &str {
        // Cut at a character boundary of a `&str` in `new`.
        core::str::from_utf8(&self.label[..usize::from(self.len)]).unwrap_or("")
    }

    /// What is wrong with the label.
    pub const fn kind(&self) -> LabelErrorKind {
        self.kind
    }

    /// The encoding the label is probably a typo for, if any.
    ///
    /// ```
    /// # use utfast_scalar::Encoding;
    /// assert_eq!(Encoding::parse_label("latn1").unwrap_err().suggestion(), Some(Encoding::Latin1));
    /// ```
    pub const fn suggestion(&self) -> Option<Encoding> {
        match self.kind {
            LabelErrorKind::Unknown { suggestion } => suggestion,
            _ => None,
        }
    }
}

impl fmt::Display for LabelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = self.label();
        match self.kind {
            LabelErrorKind::Unknown {
                suggestion: Some(e),
            } => write!(
                f,
                "unknown encoding label \"{label}\" (did you mean \"{}\"?)",
                e.name()
            ),
            LabelErrorKind::Unknown { suggestion: None } => {
                write!(f, "unknown encoding label \"{label}\"")
            }
            LabelErrorKind::Unsupported { name } => {
                write!(f, "{name} (label \"{label}\") is not supported yet")
            }
            LabelErrorKind::NoByteOrder { unit_bits } => write!(
                f,
                "\"{label}\" does not say the byte order: use UTF-{unit_bits}LE or \
                 UTF-{unit_bits}BE, or take it from a byte-order mark"
            ),
            LabelErrorKind::Ambiguous => write!(
                f,
                "\"{label}\" is ambiguous (UTF-16 with a byte-order mark in iconv, UTF-16LE \
                 in WHATWG, UTF-8 in PostgreSQL): name the encoding"
            ),
        }
    }
}

impl core::error::Error for LabelError {}

impl Encoding {
    /// Looks up an encoding label: any name of the encoding in the WHATWG Encoding
    /// Standard, glibc's iconv, Python's codec registry or PostgreSQL, compared
    /// without case, surrounding whitespace and quotes, and inner `-`, `_`, `.`,
    /// `:`, `/` and spaces (see the [module documentation](crate::label) for the
    /// list and for where the registries disagree).
    ///
    /// Errors: [`LabelError`], which tells an unknown label (with the nearest known
    /// one, if close) from an encoding utfast does not convert, and from `utf-16`
    /// without a byte order.
    ///
    /// ```
    /// # use utfast_scalar::Encoding;
    /// assert_eq!(Encoding::parse_label("utf_16_le"), Ok(Encoding::Utf16Le));
    /// assert_eq!(Encoding::parse_label("WIN1251"), Ok(Encoding::Windows1251));
    /// assert_eq!(Encoding::parse_label("\"windows-1251\""), Ok(Encoding::Windows1251));
    /// assert_eq!(Encoding::parse_label("ALT"), Ok(Encoding::Ibm866));
    /// assert_eq!(Encoding::parse_label("cp1252"), Ok(Encoding::Windows1252));
    /// let e = Encoding::parse_label("shift_jis").unwrap_err();
    /// assert_eq!(e.to_string(), r#"Shift_JIS (label "shift_jis") is not supported yet"#);
    /// ```
    pub fn parse_label(label: &str) -> Result<Encoding, LabelError> {
        let l = unquote(label);
        let found = LABELS.iter().find(|(key, _)| matches(l, key));
        let kind = match found {
            Some(&(_, Is(e))) => return Ok(e),
            Some(&(_, Unsupported(name))) => LabelErrorKind::Unsupported { name },
            Some(&(_, NoByteOrder(unit_bits))) => LabelErrorKind::NoByteOrder { unit_bits },
            Some(&(_, Ambiguous)) => LabelErrorKind::Ambiguous,
            None => {
                let mut buf = [0u8; 64];
                let suggestion = normalize(l, &mut buf).and_then(nearest);
                LabelErrorKind::Unknown { suggestion }
            }
        };
        Err(LabelError::new(l, kind))
    }
}

impl core::str::FromStr for Encoding {
    type Err = LabelError;

    /// [`Encoding::parse_label`].
    ///
    /// ```
    /// # use utfast_scalar::Encoding;
    /// let e: Encoding = "koi8_r".parse()?;
    /// assert_eq!(e, Encoding::Koi8R);
    /// # Ok::<(), utfast_scalar::LabelError>(())
    /// ```
    fn from_str(s: &str) -> Result<Encoding, LabelError> {
        Encoding::parse_label(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key is in normal form and appears once, so lookups are unambiguous.
    #[test]
    fn keys_are_normalized_and_unique() {
        for (i, (key, _)) in LABELS.iter().enumerate() {
            assert!(
                key.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()),
                "{key}"
            );
            assert!(!LABELS[..i].iter().any(|(k, _)| k == key), "{key} twice");
        }
    }

    /// Each encoding's canonical name is one of its labels.
    #[test]
    fn names_are_labels() {
        for e in Encoding::ALL {
            assert_eq!(Encoding::parse_label(e.name()), Ok(e), "{e:?}");
        }
    }

    #[test]
    fn distance_is_levenshtein() {
        assert_eq!(distance(b"kitten", b"sitting"), 3);
        assert_eq!(distance(b"", b"abc"), 3);
        assert_eq!(distance(b"windows1521", b"windows1251"), 2);
    }
}
