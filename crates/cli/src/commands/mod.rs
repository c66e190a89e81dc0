pub mod count;
pub mod play;
pub mod solve;
pub mod tree;
