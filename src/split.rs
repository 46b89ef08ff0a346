//! Where a buffer may be cut into pieces that are validated or converted on their
//! own: the one implementation behind the `utfast` command's threads, the `par_*`
//! functions (feature `rayon`) and the exact lossy lengths.

use utfast_scalar::Encoding;

/// Moves a cut at `at` forward to where a piece may start: past the continuation
/// bytes (UTF-8, at most three) or the low surrogate (UTF-16) found at `at`.
///
/// Cutting `src` at the positions this returns splits it into pieces that can be
/// validated or converted one by one, strict or lossy, with results that joined
/// (positions shifted by each piece's start) are those of the whole input:
///
/// - in valid text every piece starts on a character boundary;
/// - in invalid text no ill-formed sequence (no maximal subpart, no unpaired
///   surrogate) spans a cut: after the cut comes a byte that cannot continue a
///   sequence, or three continuation bytes were skipped, after which no lead byte
///   before the cut can reach; a UTF-16 cut is never between a high surrogate and
///   the low surrogate or odd final byte that follows it.
///
/// `at` must be a multiple of the unit size (2 for UTF-16, 4 for UTF-32) counted
/// from the start of the text, and `at <= src.len()`. Only `src[at..at + 3]` is read,
/// so a caller that has only those bytes (the `utfast` command reads them from a
/// file) passes them with `at == 0`, provided that it passes everything up to the
/// end of the text when fewer than 3 bytes are left. The result is at most
/// `src.len()`.
///
/// ```
/// use utfast::{piece_boundary, Encoding};
/// let s = "a€b".as_bytes(); // 61 E2 82 AC 62
/// assert_eq!(piece_boundary(Encoding::Utf8, s, 2), 4); // past 82 AC
/// assert_eq!(piece_boundary(Encoding::Utf8, s, 1), 1); // already a boundary
/// let pair = [0x3D, 0xD8, 0x00, 0xDE]; // U+1F600 in UTF-16LE
/// assert_eq!(piece_boundary(Encoding::Utf16Le, &pair, 2), 4);
/// ```
pub fn piece_boundary(encoding: Encoding, src: &[u8], at: usize) -> usize {
    let rest = &src[at.min(src.len())..];
    let skip = match encoding {
        Encoding::Utf8 => rest
            .iter()
            .take(3)
            .take_while(|&&b| b & 0xC0 == 0x80)
            .count(),
        // An odd final byte belongs to the piece before it (one replacement, together
        // with a high surrogate just before it).
        Encoding::Utf16Le | Encoding::Utf16Be if rest.len() < 2 => rest.len(),
        Encoding::Utf16Le if rest[1] & 0xFC == 0xDC => 2,
        Encoding::Utf16Be if rest[0] & 0xFC == 0xDC => 2,
        Encoding::Utf16Le | Encoding::Utf16Be => 0,
        Encoding::Utf32Le | Encoding::Utf32Be | Encoding::Latin1 => 0,
        // Code pages: one byte per character.
        e if utfast_scalar::CodePage::of(e).is_some() => 0,
        // WTF-8, CESU-8, MUTF-8: past continuation bytes, and past a trail surrogate
        // sequence, which may pair with a lead before the cut.
        Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => {
            let k = rest
                .iter()
                .take(3)
                .take_while(|&&b| b & 0xC0 == 0x80)
                .count();
            match rest[k..] {
                // Only a whole one: skipping three bytes of a cut one ("ED B0" and a
                // byte that is not a continuation byte) would cut the character after
                // it (a fuzz finding: the lossy length of `ED BF ED BF BF` split after
                // the second `ED`).
                [0xED, 0xB0..=0xBF, 0x80..=0xBF, ..] => k + 3,
                _ => k,
            }
        }
        // non_exhaustive: an encoding added to utfast-scalar; review this function
        // when adding one (the test `every_encoding_is_reviewed` fails until then).
        _ => 0,
    };
    at.min(src.len()) + skip
}

/// The starts of the pieces of `src` (text in `encoding`) when it is cut about every
/// `piece` bytes (a multiple of 4), moved by [`piece_boundary`]; the first is 0.
/// Piece `i` is `src[cuts[i]..cuts[i + 1]]`, the last ending at `src.len()`.
#[cfg(feature = "rayon")]
pub(crate) fn piece_starts(src: &[u8], encoding: Encoding, piece: usize) -> alloc::vec::Vec<usize> {
    debug_assert!(piece >= 4 && piece.is_multiple_of(4));
    let mut cuts = alloc::vec![0];
    let mut at = piece;
    while at < src.len() {
        let c = piece_boundary(encoding, src, at);
        if c < src.len() && c > *cuts.last().unwrap_or(&0) {
            cuts.push(c);
        }
        at += piece;
    }
    cuts
}
