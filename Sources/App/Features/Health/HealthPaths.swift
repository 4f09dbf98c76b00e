/// The paths served outside any session: the health check and the certificate of a self-made CA.
enum HealthPaths {
    static let healthz = "/healthz"
    static let caCertificate = "/ca.crt"
}
