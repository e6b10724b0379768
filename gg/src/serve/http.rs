//! `gg serve --http ADDR`: MCP's streamable HTTP at `http://ADDR/mcp`, on a loopback address only,
//! one connection ([`GgServer`]) per MCP session, on rmcp's `StreamableHttpService` under hyper.

use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::{Request, Response, StatusCode};
use rmcp::transport::streamable_http_server::session::local::{LocalSessionManager, SessionConfig};
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

use super::{GgServer, Serving};

/// The one path the server answers.
pub const MCP_PATH: &str = "/mcp";

/// An MCP session idle this long is closed, and its temporary workspace removed (rmcp's default
/// of five minutes would drop a session while its agent waits on a person).
const SESSION_IDLE: Duration = Duration::from_secs(3600);

/// `ADDR` of `--http`: `IP:PORT` on a loopback address, or `localhost:PORT` or a bare `PORT` on
/// 127.0.0.1 (port `0` lets the system pick). Any other address is refused: a program run through gg has the host's reach
/// (files, shell), so the server is for this machine's clients only.
pub fn loopback_address(text: &str) -> Result<SocketAddr, String> {
    let port = text.strip_prefix("localhost:").unwrap_or(text);
    let addr = match port.parse::<u16>() {
        Ok(port) => SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port),
        Err(_) => text.parse::<SocketAddr>().map_err(|_| {
            format!(
                "--http takes a loopback IP:PORT (127.0.0.1:8931, [::1]:8931), localhost:PORT or a PORT; got `{text}`"
            )
        })?,
    };
    if !addr.ip().is_loopback() {
        return Err(format!(
            "--http {text}: gg serves HTTP on a loopback address only (127.0.0.1 or ::1), since the \
             programs it runs reach this machine's files and shell"
        ));
    }
    Ok(addr)
}

/// Listens on `addr` and serves every MCP session until the process is interrupted (SIGINT or
/// SIGTERM); then the sessions end and their temporary workspaces are removed. The address
/// listened on goes to stderr as `gg serve: listening on http://ADDR/mcp`.
pub fn serve_http(serving: Arc<Serving>, addr: SocketAddr) -> Result<(), String> {
    super::block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("listening on {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| format!("listening on {addr}: {e}"))?;
        eprintln!("gg serve: listening on http://{local}{MCP_PATH}");

        let mut sessions = LocalSessionManager::default();
        let mut session_config = SessionConfig::default();
        session_config.keep_alive = Some(SESSION_IDLE);
        sessions.session_config = session_config;
        let service = StreamableHttpService::new(
            move || Ok(GgServer::new(serving.clone())),
            Arc::new(sessions),
            StreamableHttpServerConfig::default(),
        );

        let stop = stopped();
        tokio::pin!(stop);
        loop {
            let stream = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((stream, _)) => stream,
                    Err(e) => {
                        eprintln!("gg serve: accepting a connection: {e}");
                        continue;
                    }
                },
                () = &mut stop => break,
            };
            let service = service.clone();
            tokio::spawn(async move {
                let answer = hyper::service::service_fn(move |request: Request<hyper::body::Incoming>| {
                    let service = service.clone();
                    async move {
                        if request.uri().path() != MCP_PATH {
                            let body = Full::new(Bytes::from(format!("gg serves MCP at {MCP_PATH}\n"))).boxed();
                            let mut response = Response::new(body);
                            *response.status_mut() = StatusCode::NOT_FOUND;
                            return Ok::<_, Infallible>(response);
                        }
                        Ok(service.handle(request).await)
                    }
                });
                // Answers are small writes (headers, then SSE events): send each at once.
                let _ = stream.set_nodelay(true);
                let io = hyper_util::rt::TokioIo::new(stream);
                // A client that goes away mid-request is the client's business, not an error of gg's.
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(io, answer)
                    .await;
            });
        }
        Ok(())
    })
}

/// Resolves when the process is asked to stop.
async fn stopped() {
    use tokio::signal::unix::{SignalKind, signal};
    match (signal(SignalKind::interrupt()), signal(SignalKind::terminate())) {
        (Ok(mut interrupt), Ok(mut terminate)) => {
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
            }
        }
        // No signal handling: run until killed.
        _ => std::future::pending().await,
    }
}
