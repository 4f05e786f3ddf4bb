//! `s2c render`: a screenshot of a page through the same offline pipeline as the app's preview
//! (the core's resolver in headless Chromium, no network): one route of a React + Vite project
//! folder (`--project DIR --route /pricing`), compiled in process with no Node, or a
//! single-file page (`--html FILE`).

use clap::Args;
use s2c_core::render::{
    ImageEncoding, PreviewSource, ProjectFiles, Renderer, ScreenSize, Shot, ShotRequest, Viewport,
};
use s2c_core::tools::locate_renderer;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  s2c render --project out/variant-1 --route /pricing --out pricing.png\n  s2c render --html page.html --width 390 --out phone.png\n\nThe image is the whole page, laid out on a window WIDTH × HEIGHT CSS px (what 100vh is),\nas a PNG. Nothing is fetched from the network: the page gets the libraries bundled with the app."
)]
pub struct RenderArgs {
    /// A React + Vite project folder: index.html, src/… (node_modules/, dist/ and hidden files
    /// are skipped).
    #[arg(
        long,
        value_name = "DIR",
        conflicts_with = "html",
        required_unless_present = "html"
    )]
    pub project: Option<PathBuf>,
    /// A single-file page (its folder is served beside it).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// The route of the project to render.
    #[arg(long, default_value = "/", requires = "project")]
    pub route: String,
    /// The window's width in CSS px.
    #[arg(long, default_value_t = 1280, value_parser = clap::value_parser!(u32).range(200..=4000))]
    pub width: u32,
    /// The window's height in CSS px.
    #[arg(long, default_value_t = 800, value_parser = clap::value_parser!(u32).range(200..=4000))]
    pub height: u32,
    /// Where to write the PNG.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The Chromium-family browser to render with (default: found on PATH).
    #[arg(long, value_name = "PATH")]
    pub chromium: Option<PathBuf>,
}

pub async fn run(args: RenderArgs) -> ExitCode {
    match render(&args).await {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("s2c render: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn render(args: &RenderArgs) -> Result<String, String> {
    let (source, url, what) = match (&args.project, &args.html) {
        (Some(dir), _) => project(dir, &args.route)?,
        (None, Some(html)) => page(html)?,
        (None, None) => return Err("give --project DIR or --html FILE".into()),
    };
    let renderer = locate_renderer(args.chromium.as_deref()).map_err(|e| e.to_string())?;
    let mut request = ShotRequest::new(url, &[Viewport::Desktop]);
    request.desktop_screen = Some(ScreenSize {
        width: args.width,
        height: args.height,
    });
    request.encoding = ImageEncoding::Png;
    request.open_next_page = false;
    let shot = shoot(&renderer, source, &request).await;
    renderer.shutdown().await;
    let shot = shot?;
    s2c_core::atomic_file::write_atomic(&args.out, &shot.image)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    for error in &shot.console_errors {
        eprintln!("the page logged: {error}");
    }
    for url in &shot.blocked {
        eprintln!("blocked (no network): {url}");
    }
    Ok(format!(
        "rendered {what} at {}×{} ({}×{} px{}) into {}",
        args.width,
        shot.page_height,
        shot.image_width,
        shot.image_height,
        if shot.loaded {
            ""
        } else {
            "; it had not finished loading"
        },
        args.out.display()
    ))
}

async fn shoot(
    renderer: &Arc<Renderer>,
    source: Arc<dyn PreviewSource>,
    request: &ShotRequest,
) -> Result<Shot, String> {
    let mut shots = renderer
        .shoot(source, request)
        .await
        .map_err(|e| e.to_string())?;
    if shots.is_empty() {
        return Err("the browser returned no image".into());
    }
    Ok(shots.swap_remove(0))
}

/// A project folder read whole (the tree's rules apply), and the route's URL path.
fn project(dir: &Path, route: &str) -> Result<(Arc<dyn PreviewSource>, String, String), String> {
    let tree = crate::project_folder::read_tree(dir)?;
    if !s2c_webproject::shape::is_project(tree.paths()) {
        return Err(format!(
            "{} is not a React + Vite project: it needs {} (s2c generate --stack react_vite \
             writes them); for a single page use --html FILE",
            dir.display(),
            s2c_webproject::shape::APP_FILES.join(", ")
        ));
    }
    let url = route_url(route)?;
    let files = ProjectFiles {
        tree: Arc::new(tree),
        cache: Arc::default(),
    };
    Ok((
        Arc::new(Project(files)),
        url,
        format!("{route} of {}", dir.display()),
    ))
}

/// A tree read once, served as a project.
struct Project(ProjectFiles);

impl PreviewSource for Project {
    fn read(
        &self,
        path: &s2c_core::vocab::RelPath,
    ) -> Result<Option<Vec<u8>>, s2c_core::render::SourceError> {
        Ok(self.0.tree.get(path.as_str()).map(|b| b.to_vec()))
    }

    fn project(&self) -> Result<Option<ProjectFiles>, s2c_core::render::SourceError> {
        Ok(Some(self.0.clone()))
    }
}

fn route_url(route: &str) -> Result<String, String> {
    s2c_webproject::path::route_url(route.trim()).ok_or_else(|| {
        format!("--route is a path of the site starting with one /, like /pricing; got {route:?}")
    })
}

/// A single-file page: its folder is the source (a project folder's own index.html is served
/// as the project, which is what it is).
fn page(html: &Path) -> Result<(Arc<dyn PreviewSource>, String, String), String> {
    let (source, url) = crate::score::served(html)?;
    Ok((source, url, html.display().to_string()))
}
