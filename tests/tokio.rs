//! The tokio adapters (feature `tokio`) over a real loopback TCP connection: a client
//! streams text in odd-sized writes, a server task converts (or validates) what it
//! receives; the output is checked byte for byte against the one-shot conversion, and
//! damaged input must fail with the one-shot error's exact stream offset and kind.
//! Strict and lossy, on every kernel (each test runs once per kernel, in a child
//! process with `UTFAST_KERNEL` set).
#![cfg(feature = "tokio")]

use std::io;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use utfast::async_io::{TranscodingReader, TranscodingWriter, Utf8ValidatingReader};
use utfast::{DecodeError, Encoding, ErrorKind, Mode};
use utfast_testkit::{damage, each_kernel, encode_str, lipsum, Rng};

/// Sample streams in `from`: intact, lightly and heavily damaged, and cut at the end.
fn inputs(from: Encoding) -> Vec<Vec<u8>> {
    let mut rng = Rng(0x70C10);
    let mut out = Vec::new();
    for (i, (_, text)) in lipsum().into_iter().enumerate().take(4) {
        let text: String = text.chars().take(12_000).collect();
        let bytes = encode_str(&text, from);
        out.push(bytes.clone());
        let mut damaged = bytes.clone();
        damage(&mut rng, &mut damaged, [5_000, 300][i % 2]);
        out.push(damaged);
        let mut cut = bytes;
        cut.pop();
        out.push(cut);
    }
    out
}

/// Writes `src` to `w` in odd-sized writes (1, 3, 5, ... bytes, growing), flushing
/// now and then.
async fn write_odd<W: AsyncWrite + Unpin>(w: &mut W, src: &[u8]) -> io::Result<()> {
    let mut at = 0;
    let mut size = 1;
    while at < src.len() {
        let end = (at + size).min(src.len());
        w.write_all(&src[at..end]).await?;
        if size % 7 == 0 {
            w.flush().await?;
        }
        at = end;
        size = if size > 5000 { 1 } else { size * 3 + 2 } | 1;
    }
    Ok(())
}

/// A connected (client, server) pair on 127.0.0.1.
async fn connection() -> (TcpStream, TcpStream) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (client, server) = tokio::join!(TcpStream::connect(addr), listener.accept());
    (client.unwrap(), server.unwrap().0)
}

/// Reads `r` to the end: everything it produced, and how it ended.
async fn drain<R: AsyncRead + Unpin>(mut r: R) -> (Vec<u8>, io::Result<()>) {
    let mut out = Vec::new();
    let mut buf = vec![0u8; 777];
    loop {
        match r.read(&mut buf).await {
            Ok(0) => return (out, Ok(())),
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e) => return (out, Err(e)),
        }
    }
}

fn decode_error(e: &io::Error) -> DecodeError {
    assert_eq!(e.kind(), io::ErrorKind::InvalidData, "{e}");
    *e.get_ref()
        .and_then(|e| e.downcast_ref::<DecodeError>())
        .expect("a DecodeError")
}

/// The one-shot result: the whole output, or the output of the valid prefix and the
/// error (offset, kind).
fn expected(
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
) -> (Vec<u8>, Option<(u64, ErrorKind)>) {
    match utfast::transcode_to_vec(src, from, to, mode) {
        Ok(v) => (v, None),
        Err(e) => {
            let prefix = utfast::transcode_to_vec(&src[..e.valid_up_to()], from, to, mode).unwrap();
            (prefix, Some((e.valid_up_to() as u64, e.kind())))
        }
    }
}

fn check(got: (Vec<u8>, io::Result<()>), want: (Vec<u8>, Option<(u64, ErrorKind)>), what: &str) {
    assert!(
        got.0 == want.0,
        "{what}: output differs ({} vs {} bytes)",
        got.0.len(),
        want.0.len()
    );
    match (got.1, want.1) {
        (Ok(()), None) => {}
        (Err(e), Some(w)) => {
            let d = decode_error(&e);
            assert_eq!((d.offset, d.kind), w, "{what}");
        }
        (g, w) => panic!("{what}: {g:?} vs {w:?}"),
    }
}

const DIRECTIONS: [(Encoding, Encoding); 4] = [
    (Encoding::Utf8, Encoding::Utf16Le),
    (Encoding::Utf16Be, Encoding::Utf8),
    (Encoding::Utf32Le, Encoding::Utf8),
    (Encoding::Utf8, Encoding::Utf8),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transcoding_reader_on_a_server() {
    if each_kernel("transcoding_reader_on_a_server") {
        return;
    }
    for (from, to) in DIRECTIONS {
        for mode in [Mode::Strict, Mode::Lossy] {
            for src in inputs(from) {
                let (mut client, server) = connection().await;
                let task = tokio::spawn(async move {
                    drain(TranscodingReader::new(server, from, to, mode)).await
                });
                // The server stops reading at an error: the client's writes may then fail.
                let _ = write_odd(&mut client, &src).await;
                let _ = client.shutdown().await;
                let got = task.await.unwrap();
                check(
                    got,
                    expected(&src, from, to, mode),
                    &format!("reader {from} -> {to} {mode:?}"),
                );
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transcoding_writer_to_a_server() {
    if each_kernel("transcoding_writer_to_a_server") {
        return;
    }
    for (from, to) in DIRECTIONS {
        for mode in [Mode::Strict, Mode::Lossy] {
            for src in inputs(from) {
                let (client, server) = connection().await;
                let task = tokio::spawn(async move { drain(server).await.0 });
                let mut w = TranscodingWriter::new(client, from, to, mode);
                let sent = async {
                    write_odd(&mut w, &src).await?;
                    w.shutdown().await
                }
                .await;
                // An error stops the client; the server sees what was converted.
                drop(w);
                let got = task.await.unwrap();
                check(
                    (got, sent),
                    expected(&src, from, to, mode),
                    &format!("writer {from} -> {to} {mode:?}"),
                );
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn validating_reader_on_a_server() {
    if each_kernel("validating_reader_on_a_server") {
        return;
    }
    for src in inputs(Encoding::Utf8) {
        let (mut client, server) = connection().await;
        let task = tokio::spawn(async move { drain(Utf8ValidatingReader::new(server)).await });
        let _ = write_odd(&mut client, &src).await;
        let _ = client.shutdown().await;
        let got = task.await.unwrap();
        let want = match utfast::validate_utf8(&src) {
            Ok(()) => (src.clone(), None),
            Err(e) => (
                src[..e.valid_up_to()].to_vec(),
                Some((e.valid_up_to() as u64, e.kind())),
            ),
        };
        check(got, want, "validating reader");
    }
}

/// A server that answers each request with its text in UTF-8, through
/// `async_io::TranscodingReader` with BOM handling: the client sends the first 1, 2, 3
/// and 4 characters of a request (with and without a BOM first) and waits for their
/// echo; a timeout fails the test where a server holding them back would hang it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_response_with_bom_handling() {
    use std::time::Duration;
    use utfast::{BomHandling, Transcoder};
    if each_kernel("request_response_with_bom_handling") {
        return;
    }
    let exchanges = [
        (Encoding::Utf8, BomHandling::Strip),
        (Encoding::Utf8, BomHandling::Sniff),
        (Encoding::Cesu8, BomHandling::Strip),
        (Encoding::Utf16Le, BomHandling::Strip),
        (Encoding::Utf16Be, BomHandling::Strip),
        (Encoding::Utf16Be, BomHandling::Sniff),
        (Encoding::Utf32Le, BomHandling::Strip),
        (Encoding::Utf32Be, BomHandling::Strip),
        (Encoding::Utf32Le, BomHandling::Sniff),
    ];
    for (from, bom) in exchanges {
        for with_bom in [false, true] {
            for n in 1..=4 {
                let (mut client, server) = connection().await;
                let task = tokio::spawn(async move {
                    let (read, mut back) = server.into_split();
                    let t = Transcoder::new(from, Encoding::Utf8, Mode::Strict).with_bom(bom);
                    let mut r = TranscodingReader::with_transcoder(read, t);
                    let mut buf = [0u8; 64];
                    while let Ok(m @ 1..) = r.read(&mut buf).await {
                        if back.write_all(&buf[..m]).await.is_err() {
                            return;
                        }
                    }
                });
                let text: String = "ok!é".chars().take(n).collect();
                let mut request = if with_bom {
                    from.bom().to_vec()
                } else {
                    Vec::new()
                };
                request.extend(encode_str(&text, from));
                client.write_all(&request).await.unwrap();
                let mut echo = vec![0u8; text.len()];
                let answer =
                    tokio::time::timeout(Duration::from_secs(10), client.read_exact(&mut echo))
                        .await;
                assert!(
                    matches!(answer, Ok(Ok(_))),
                    "{from} {bom:?}: no answer to {:02X?}: {answer:?}",
                    request
                );
                assert_eq!(echo, text.as_bytes(), "{from} {bom:?}");
                drop(client);
                task.await.unwrap();
            }
        }
    }
}
