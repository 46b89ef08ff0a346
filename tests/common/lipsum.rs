//! The lipsum sample texts of `tests/data/lipsum` (shared by several test binaries,
//! some of which include only this file).

/// Every `*.utf8.txt` sample as (file name, text), sorted by name.
pub fn lipsum() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lipsum");
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|f| f.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".utf8.txt"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    assert!(out.len() >= 9, "lipsum files missing");
    out.sort();
    out
}
