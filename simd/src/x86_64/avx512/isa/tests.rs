//! Tests of the wrapper: the model on hand-computed examples, and the model against
//! the hardware on random inputs.
