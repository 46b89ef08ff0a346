//! The transcoders of every kernel (with the validators and length functions of the
//! forms they read), against scalar and the std model.

mod block_edges;
mod codepage;
mod enc_blocks;
mod every_pair;
mod more_pairs;
mod roundtrip;
mod single_byte_offsets;
mod tails;
mod units;
mod units_bulk;
mod utf16_exhaustive;
mod utf8_blocks;
mod utf8_utf16;
mod utf8_utf32;
// WTF-8, CESU-8, MUTF-8
mod wtf8;
