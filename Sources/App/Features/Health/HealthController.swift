import Hummingbird

/// `GET /healthz` for monitors, and the local certificate authority for phones to install.
struct HealthController {
    let database: AppDatabase
    let certificate: LocalCertificate?

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get(HealthPaths.healthz, use: health)
        if certificate != nil {
            router.get(HealthPaths.caCertificate, use: authority)
        }
    }

    /// 200 `ok` when the database answers, 503 otherwise.
    @Sendable func health(request: Request, context: AppRequestContext) async throws -> Response {
        let healthy = database.isHealthy()
        return Response(
            status: healthy ? .ok : .serviceUnavailable,
            headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: healthy ? "ok" : "database unavailable"))
        )
    }

    /// The self-made authority certificate (DER), which a phone can install to trust this server.
    @Sendable func authority(request: Request, context: AppRequestContext) async throws -> Response {
        guard let certificate else { throw HTTPError(.notFound) }
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/x-x509-ca-cert",
                .contentDisposition: "attachment; filename=\"stashify-ca.crt\"",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: certificate.authorityDER))
        )
    }
}
