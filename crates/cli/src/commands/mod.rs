pub mod analyze;
pub mod count;
pub mod play;
pub mod solve;
