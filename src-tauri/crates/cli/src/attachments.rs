//! Files `s2c ask` sends with the prompt: images (any vendor with vision) and a video (Gemini).

use crate::ask::AskArgs;
use crate::media_files::{read_image, read_video};
use s2c_core::providers::UserContent;
use s2c_core::vocab::VideoAttachment;

/// The prompt, the images, and the video, as the session takes them.
pub fn attachments(args: &AskArgs) -> Result<(UserContent, Vec<VideoAttachment>), String> {
    let mut content = UserContent::default();
    for path in &args.images {
        content.push_image(read_image(path)?);
    }
    content.push_text(args.prompt.clone());
    let videos = match &args.video {
        Some(path) => {
            let mut video = read_video(path)?;
            video.fps = args.fps;
            vec![video]
        }
        None => vec![],
    };
    Ok((content, videos))
}
