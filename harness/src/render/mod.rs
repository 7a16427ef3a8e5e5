//! Rendering: tables ([`report`]), charts ([`chart`]) and the results site ([`site`]), each
//! computed from records and the tools' results alone, and how all three show how sure a
//! number is ([`uncertainty`]). Rendering imports data; no stage below imports rendering.

pub mod chart;
pub mod report;
pub mod site;
pub mod uncertainty;
