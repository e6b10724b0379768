use regex::Regex;

fn last_line(s: &str) -> &str {
    s.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("")
}

fn main() -> Result<(), gg::ApiError> {
    let mut deploy = gg::shell::run("sh deploy.sh", None)?;
    eprintln!("deploy (exit {:?}):\n{}", deploy.exit_code, deploy.output);
    if deploy.exit_code != Some(0) {
        let not_built = Regex::new(
            r"(?i)(not (been |yet )?built|nothing (has been |is |was )?built|no build|build (it )?first|run .*build|unbuilt|\bbuilt\b|\bbuild\b)",
        )
        .unwrap();
        if not_built.is_match(&deploy.output) {
            let build = gg::shell::run("sh build.sh", None)?;
            eprintln!("build (exit {:?}):\n{}", build.exit_code, build.output);
            if build.exit_code != Some(0) {
                println!("The build failed (exit {:?}): {}", build.exit_code, last_line(&build.output));
                return Ok(());
            }
            deploy = gg::shell::run("sh deploy.sh", None)?;
            eprintln!("deploy again (exit {:?}):\n{}", deploy.exit_code, deploy.output);
        } else {
            eprintln!("deploy failed for another reason; not building");
        }
    }
    println!("{}", last_line(&deploy.output));
    Ok(())
}
