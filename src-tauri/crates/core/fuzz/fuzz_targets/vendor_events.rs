//! Each vendor's stream parser fed arbitrary events: errors are fine, panics are not.
#![no_main]
use libfuzzer_sys::fuzz_target;
use s2c_core::providers::anthropic::stream::MessagesMapper;
use s2c_core::providers::gemini::stream::GenerateMapper;
use s2c_core::providers::openai::stream::ResponsesMapper;
use s2c_core::providers::openai_compat::stream::ChatMapper;
use s2c_core::providers::transport::{SseDecoder, SseItem, StreamMapper};

fn run<M: StreamMapper>(mut mapper: M, items: &[SseItem]) {
    let mut out = Vec::new();
    for item in items {
        if let SseItem::Event(event) = item {
            if mapper.on_event(event, &mut out).is_err() {
                return;
            }
            if mapper.is_done() {
                let _ = mapper.finish();
                return;
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut decoder = SseDecoder::new();
    let mut items = Vec::new();
    decoder.push(data, &mut items);
    decoder.finish(&mut items);
    run(ResponsesMapper::new(), &items);
    run(MessagesMapper::new(), &items);
    run(GenerateMapper::new("call"), &items);
    run(ChatMapper::new(), &items);
});
