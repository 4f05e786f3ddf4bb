//! What every vendor shares: the HTTP client, SSE framing, retries, and the loop that streams
//! one turn through a vendor's event mapper.

pub mod retry;
