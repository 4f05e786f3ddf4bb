//! The one [`ProviderSession`] body every vendor shares. A vendor supplies only its
//! [`Conversation`]: how the conversation is kept in its wire format (the request body, the
//! mapper that reads its stream, how a finished turn, tool results and user messages are
//! appended). Checking readiness, sending with retries, pricing, booking and closing live here.

use super::error::ProviderError;
use super::session::{BoxFuture, OnStreamEvent, ProviderSession};
use super::transport::{FailedAttempts, StreamMapper};
use super::types::{ProviderTurn, TokenUsage, UserContent};
use super::wire::{TurnParts, Wire};
use crate::vocab::ToolResult;
use tokio_util::sync::CancellationToken;

/// A conversation in one vendor's wire format.
pub trait Conversation: Send + Sync {
    type Mapper: StreamMapper;

    /// Work the next request needs done first, over the network (Gemini uploads recordings too
    /// big to send inline). Most vendors need none.
    fn prepare<'a>(
        &'a mut self,
        _wire: &'a Wire,
        _cancel: &'a CancellationToken,
    ) -> BoxFuture<'a, Result<(), ProviderError>> {
        Box::pin(async { Ok(()) })
    }

    /// The next request's body. May adjust the conversation first (e.g. a vendor's image cap).
    fn request_body(&mut self, wire: &Wire) -> Result<Vec<u8>, ProviderError>;

    /// A fresh stream mapper for one attempt at the next turn.
    fn new_mapper(&self) -> Self::Mapper;

    /// Read the finished stream into a turn and record the assistant's side of it.
    fn take_turn(&mut self, raw: <Self::Mapper as StreamMapper>::Output) -> TurnParts;

    /// Append results answering `turn`'s calls (already checked against the book).
    fn push_tool_results(&mut self, turn: &ProviderTurn, results: &[ToolResult]);

    fn push_user_message(&mut self, content: UserContent);
}

pub struct VendorSession<C> {
    pub(crate) wire: Wire,
    pub(crate) conversation: C,
}

impl<C: Conversation> VendorSession<C> {
    pub(crate) fn new(wire: Wire, conversation: C) -> Self {
        Self { wire, conversation }
    }

    async fn run_turn(
        &mut self,
        on_event: OnStreamEvent<'_>,
        cancel: &CancellationToken,
    ) -> Result<ProviderTurn, ProviderError> {
        self.wire.book.check_ready(&self.wire.origin)?;
        self.conversation.prepare(&self.wire, cancel).await?;
        let body = self.conversation.request_body(&self.wire)?;
        let conversation = &self.conversation;
        let mut failed = FailedAttempts::default();
        let raw = self
            .wire
            .send(
                body,
                || conversation.new_mapper(),
                on_event,
                cancel,
                &mut failed,
            )
            .await;
        self.wire.bill_failed(&failed);
        let raw = raw?;
        let parts = self.conversation.take_turn(raw);
        Ok(self.wire.finish(parts))
    }
}

impl<C: Conversation> ProviderSession for VendorSession<C> {
    fn vendor(&self) -> &str {
        &self.wire.origin.vendor
    }

    fn model(&self) -> &str {
        &self.wire.origin.model
    }

    fn stream_turn<'a>(
        &'a mut self,
        on_event: OnStreamEvent<'a>,
        cancel: &'a CancellationToken,
    ) -> BoxFuture<'a, Result<ProviderTurn, ProviderError>> {
        Box::pin(self.run_turn(on_event, cancel))
    }

    fn append_tool_results(
        &mut self,
        turn: &ProviderTurn,
        results: &[ToolResult],
    ) -> Result<(), ProviderError> {
        self.wire.book.answer(&self.wire.origin, turn, results)?;
        self.conversation.push_tool_results(turn, results);
        Ok(())
    }

    fn append_user_message(&mut self, content: UserContent) {
        self.conversation.push_user_message(content);
    }

    fn usage(&self) -> TokenUsage {
        self.wire.book.usage()
    }

    fn cost(&self) -> Option<f64> {
        self.wire.book.cost()
    }

    fn close(&mut self) {
        self.wire.book.close();
    }
}
