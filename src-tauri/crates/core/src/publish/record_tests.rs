use super::*;

fn publication(service: Service, site_id: &str, url: &str) -> Publication {
    Publication {
        service,
        site_id: site_id.into(),
        site_name: "bright-page".into(),
        url: url.into(),
        account_id: None,
        version_id: Some(3),
        published_at: 1_700_000_000_000,
        files: 4,
        uploaded: 2,
    }
}

#[test]
fn a_folder_remembers_one_publication_per_service() {
    let dir = tempfile::tempdir().expect("temp dir");
    let first = publication(
        Service::Netlify,
        "site-1",
        "https://bright-page.netlify.app",
    );
    let records = Records::Folder(dir.path());
    records.write(Shelf::Live, &first).expect("write");
    let mut second = first.clone();
    second.uploaded = 0;
    records.write(Shelf::Live, &second).expect("write again");
    let other = publication(Service::Vercel, "prj_1", "https://bright-page.vercel.app");
    records.write(Shelf::Live, &other).expect("write vercel");

    assert_eq!(read_folder(dir.path()), vec![second, other.clone()]);
    records
        .forget(Shelf::Live, Service::Netlify)
        .expect("forget");
    assert_eq!(read_folder(dir.path()), vec![other]);
}

#[test]
fn a_hostile_record_is_left_out() {
    let dir = tempfile::tempdir().expect("temp dir");
    let good = publication(
        Service::Netlify,
        "site-1",
        "https://bright-page.netlify.app",
    );
    let hostile = [
        publication(Service::Vercel, "../../user", "https://x.vercel.app"),
        publication(Service::CloudflarePages, "a/b", "https://x.pages.dev"),
        publication(
            Service::GithubPages,
            "owner/../other",
            "https://o.github.io/r/",
        ),
        publication(Service::GithubPages, "owner", "https://o.github.io/r/"),
        publication(Service::Netlify, "site-2", "javascript:alert(1)"),
        publication(Service::Netlify, "site-3", "http://bright-page.netlify.app"),
    ];
    let mut all: Vec<serde_json::Value> = hostile
        .iter()
        .map(|p| serde_json::to_value(p).expect("json"))
        .collect();
    all.push(serde_json::to_value(&good).expect("json"));
    all.push(serde_json::json!({"service": "somewhere", "site_id": 1}));
    std::fs::write(
        dir.path().join(FOLDER_RECORD),
        serde_json::json!({ "published": all, "unfinished": all }).to_string(),
    )
    .expect("write");

    assert_eq!(read_folder(dir.path()), vec![good.clone()]);
    assert_eq!(
        Records::Folder(dir.path())
            .read(Shelf::Unfinished)
            .expect("read"),
        vec![good]
    );
    std::fs::write(dir.path().join(FOLDER_RECORD), "not json").expect("write");
    assert!(read_folder(dir.path()).is_empty());
}

#[test]
fn a_project_keeps_its_publications_in_its_database() {
    let dir = tempfile::tempdir().expect("temp dir");
    let project = Project::create(&dir.path().join("page"), "Page").expect("project");
    let pages = publication(
        Service::GithubPages,
        "ada/bright-page",
        "https://ada.github.io/bright-page/",
    );
    Records::Project(&project)
        .write(Shelf::Live, &pages)
        .expect("write");

    let reopened = Project::open(project.root()).expect("open");
    assert_eq!(read_project(&reopened).expect("read"), vec![pages]);
    assert!(
        !project.root().join(FOLDER_RECORD).exists(),
        "nothing in the working files"
    );
    forget_project(&reopened, Service::GithubPages).expect("forget");
    assert!(read_project(&reopened).expect("read").is_empty());
}

#[test]
fn a_site_that_went_live_is_no_longer_unfinished() {
    let dir = tempfile::tempdir().expect("temp dir");
    let project = Project::create(&dir.path().join("page"), "Page").expect("project");
    for records in [Records::Folder(dir.path()), Records::Project(&project)] {
        let made = publication(
            Service::Netlify,
            "site-1",
            "https://bright-page.netlify.app",
        );
        let other = publication(Service::Vercel, "prj_1", "https://bright-page.vercel.app");
        records.write(Shelf::Unfinished, &made).expect("made");
        records.write(Shelf::Unfinished, &other).expect("made");
        assert!(records.read(Shelf::Live).expect("read").is_empty());

        records.write(Shelf::Live, &made).expect("live");

        assert_eq!(records.read(Shelf::Live).expect("read"), vec![made]);
        assert_eq!(
            records.read(Shelf::Unfinished).expect("read"),
            vec![other],
            "only that service's unfinished site is done"
        );
    }
}
