//! The connections: how many may be open at once, and how long the server waits for a
//! client. Every connection is served by hyper's HTTP/1 with these bounds:
//!
//! - **A request's head within `client_timeout_ms`** of the moment the connection opens
//!   or its previous answer ends (hyper's header read timeout, which runs whenever the
//!   connection waits for a request): a connection that trickles its head, or sits
//!   idle, is closed then. The body is read within the same time (`handlers`).
//! - **An answer taken at some pace**: a write to the client that makes no progress for
//!   `client_timeout_ms` (a client that does not read) closes the connection, and with
//!   it the answer the server held for it.
//! - **At most `max_connections` open.** When they are all open, the connections
//!   opened more than [`SHED_AFTER`] ago are asked to close: those between two requests
//!   close at once, the others after their answer. So a crowd of idle connections cannot
//!   lock others out (nor take every file descriptor, which stops `accept` itself).
//! - **A bounded buffer each way** ([`CONNECTION_BUFFER`]): a request head larger than
//!   it is refused by hyper (431), and an answer is handed over a piece at a time.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::io;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};
use tokio::time::{Instant, Sleep};

/// How long a new connection is spared when room is made for another: long enough for a
/// client to send its request after connecting, so that room made for one connection
/// is not taken back from the next.
pub(crate) const SHED_AFTER: Duration = Duration::from_secs(1);

/// The most bytes hyper buffers for a connection each way (its default is about 400 KB):
/// room for any request head a browser sends, and for one piece of an answer
/// (`handlers::ANSWER_PIECE`) besides its head.
const CONNECTION_BUFFER: usize = 96 << 10;

/// A pause after `accept` fails (out of file descriptors, out of memory), so that the
/// loop does not spin while the cause lasts.
const ACCEPT_RETRY: Duration = Duration::from_millis(50);

/// Serves `app` on `listener`, at most `max_connections` at once, waiting at most
/// `client_timeout` for a client, until `shutdown` completes; then every connection
/// finishes the request it is serving, and this returns once all are closed.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    max_connections: usize,
    client_timeout: Duration,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let max_connections = max_connections.clamp(1, (u32::MAX as usize).min(Semaphore::MAX_PERMITS));
    let open = Arc::new(Semaphore::new(max_connections));
    // Raised at shutdown: every connection closes after its answer.
    let (stop, stopping) = watch::channel(false);
    // Connections opened before this instant close when idle (see `SHED_AFTER`).
    let (shed, shedding) = watch::channel(None::<Instant>);
    let mut shutdown = pin!(shutdown);
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(client_timeout)
        .max_buf_size(CONNECTION_BUFFER);
    loop {
        let permit = loop {
            if let Ok(permit) = open.clone().try_acquire_owned() {
                break Some(permit);
            }
            shed.send_replace(Instant::now().checked_sub(SHED_AFTER));
            tokio::select! {
                permit = open.clone().acquire_owned() => break permit.ok(),
                // Every connection is younger than SHED_AFTER: ask again once some are not.
                () = tokio::time::sleep(SHED_AFTER) => {}
                () = &mut shutdown => break None,
            }
        };
        let Some(permit) = permit else { break };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => {
                    tokio::time::sleep(ACCEPT_RETRY).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Answers are written whole: Nagle's delay would only hold back their last bytes.
        let _ = stream.set_nodelay(true);
        let connection = Connection {
            stream,
            opened: Instant::now(),
            permit,
            client_timeout,
        };
        tokio::spawn(connection.serve(
            builder.clone(),
            app.clone(),
            stopping.clone(),
            shedding.clone(),
        ));
    }
    drop(listener);
    stop.send_replace(true);
    // Every connection holds a permit until it is closed.
    let _all = open.acquire_many(max_connections as u32).await;
    Ok(())
}

/// One accepted connection and what it holds.
struct Connection {
    stream: TcpStream,
    opened: Instant,
    /// One of `max_connections`, given back when the connection closes.
    permit: OwnedSemaphorePermit,
    client_timeout: Duration,
}

impl Connection {
    /// Serves the connection's requests until it closes, the server stops, or it is
    /// asked to make room.
    async fn serve(
        self,
        builder: http1::Builder,
        app: Router,
        mut stopping: watch::Receiver<bool>,
        mut shedding: watch::Receiver<Option<Instant>>,
    ) {
        let _permit = self.permit;
        let io = TokioIo::new(WriteTimeout::new(self.stream, self.client_timeout));
        let connection = builder.serve_connection(io, TowerToHyperService::new(app));
        let mut connection = pin!(connection);
        let mut closing = false;
        loop {
            tokio::select! {
                // An error (a timeout, a client gone) only ends this connection.
                _ = connection.as_mut() => break,
                changed = stopping.changed(), if !closing => {
                    if changed.is_err() || *stopping.borrow_and_update() {
                        closing = true;
                        connection.as_mut().graceful_shutdown();
                    }
                }
                changed = shedding.changed(), if !closing => {
                    let before = *shedding.borrow_and_update();
                    if changed.is_err() || before.is_some_and(|before| self.opened < before) {
                        closing = true;
                        connection.as_mut().graceful_shutdown();
                    }
                }
            }
        }
    }
}

/// A stream whose writes fail once one has waited `timeout` without the client taking a
/// byte: hyper then closes the connection and drops the answer it was writing. (A
/// timeout on the answer's body would not do: hyper stops asking the body for bytes
/// while it cannot write them.)
struct WriteTimeout {
    stream: TcpStream,
    timeout: Duration,
    /// Running while a write waits for the client.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl WriteTimeout {
    fn new(stream: TcpStream, timeout: Duration) -> WriteTimeout {
        WriteTimeout {
            stream,
            timeout,
            stalled: None,
        }
    }

    /// `poll`'s result, or an error if it has been pending for the whole timeout.
    fn watch<T>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.stalled = None;
            return poll;
        }
        let timeout = self.timeout;
        let stalled = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match stalled.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client took no bytes of its answer for the whole client timeout",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for WriteTimeout {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for WriteTimeout {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.watch(cx, poll)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.watch(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.stream).poll_flush(cx);
        self.watch(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.stream).poll_shutdown(cx);
        self.watch(cx, poll)
    }
}
