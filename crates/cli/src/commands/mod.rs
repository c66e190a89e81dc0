pub mod analyze;
pub mod bench;
pub mod book;
pub mod count;
pub mod grundy;
pub mod play;
pub mod solve;
pub mod tree;
