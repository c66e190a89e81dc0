//! `ply serve` inside the test's own process: on a free loopback port, on a tokio runtime
//! of its own, stopped (and its thread joined) when the value is dropped.

use ply_api::solve::BookRef;
use ply_server::Limits;
use std::net::SocketAddr;

/// A server on a free loopback port; stopped when dropped.
pub struct Server {
    /// Where it listens.
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// The server within `limits`, reading `book` where a game has books.
    pub fn start(limits: Limits, book: Option<BookRef>) -> Server {
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (tell, addr) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                tell.send(listener.local_addr().unwrap()).unwrap();
                let shutdown = async move {
                    let _ = stopped.await;
                };
                ply_server::serve(listener, limits, book, shutdown)
                    .await
                    .unwrap();
            });
        });
        Server {
            addr: addr.recv().unwrap(),
            stop: Some(stop),
            thread: Some(thread),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
