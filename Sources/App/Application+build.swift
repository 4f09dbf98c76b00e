import Foundation
import Hummingbird
import HummingbirdAuth
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL
import OpenAPIHummingbird
import ServiceLifecycle
import WebPush

/// Builds the whole application from its configuration. `database` replaces the data-folder database (tests
/// pass an in-memory or temporary one).
public func buildApplication(
    _ config: AppConfig,
    database: AppDatabase? = nil
) async throws -> some ApplicationProtocol {
    let logger = {
        var logger = Logger(label: "stashify")
        logger.logLevel = config.logLevel
        return logger
    }()

    // The Web Push key lives in the data folder beside the database; a database handed in (tests) gets a fresh key.
    let webPushKey =
        try config.webPushKey ?? (database == nil ? loadWebPushKey(path: config.webPushKeyPath) : VAPIDKey())
    // So does the key channel tokens are sealed with (never in the database, so never in its backups).
    let tokenSeal = try database == nil ? loadTokenSeal(path: config.tokenKeyPath) : TokenSeal()
    let database = try database ?? AppDatabase.open(dataDirectory: config.dataDirectory)
    try await database.discardUnfinishedImports()
    let sealed = try await database.sealPlainTokens(with: tokenSeal)
    if sealed > 0 { logger.info("Sealed \(sealed) channel access tokens kept from before tokens were sealed") }
    let cookies = CookieSettings(secure: config.usesTLS)
    let catalogue = try CardCatalogue.load(path: CardCatalogue.path(resourcesDirectory: config.resourcesDirectory))
    let words: Catalogue
    do {
        words = try Catalogue.load(
            folder: Catalogue.folder(resourcesDirectory: config.resourcesDirectory),
            pseudo: config.pseudoLanguage
        )
    } catch {
        throw StartupError("\(error)")
    }
    for problem in words.problems.prefix(20) { logger.warning("Translation: \(problem)") }
    let pages = PageRenderer(cookies: cookies, catalogue: words)
    let sessions = SQLitePersistDriver(
        database: database,
        now: config.now,
        idleLimit: TimeInterval(config.sessionIdleLimit.components.seconds)
    )
    let hasher = PasswordHasher(cost: config.bcryptCost, pool: config.passwordHashing)
    let services = AppServices(
        database: database,
        pages: pages,
        hasher: hasher,
        throttle: LoginThrottle(database: database, now: config.now, behindProxy: !config.usesTLS),
        sessions: sessions,
        now: config.now,
        commonPasswords: try CommonPasswords.load(
            path: CommonPasswords.path(resourcesDirectory: config.resourcesDirectory)
        ),
        catalogue: catalogue,
        dummyHash: try await hasher.hash(CSRFMiddleware.makeToken()),
        push: PushDeliverer(
            database: database,
            now: config.now,
            webPush: .init(key: webPushKey, contact: config.pushContact),
            publicBase: config.publicBase,
            outbound: config.outbound,
            logger: logger,
            tokens: tokenSeal,
            catalogue: words
        )
    )

    var certificate: LocalCertificate?
    let files = OpenFilesLimit.raise()
    if let files, files.after > files.before {
        logger.debug("Open files limit raised from \(files.before) to \(files.after)")
    }
    let maxConnections = config.maxConnections ?? OpenFilesLimit.connections(files: files?.after ?? 1_024)
    let server: HTTPServerBuilder
    let idle = config.idleTimeout.components
    let bodyReadLimit = config.bodyReadLimit
    let perAddress = config.usesTLS ? ConnectionsPerAddress(limit: config.maxConnectionsPerAddress) : nil
    let http1 = HTTPServerBuilder.http1(
        configuration: .init(
            additionalChannelHandlers: [BodyReadDeadline(limit: bodyReadLimit)]
                + (perAddress.map { [$0.handler()] } ?? []),
            idleTimeout: .nanoseconds(idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000)
        )
    )
    switch config.tls {
    case .none:
        server = http1
    case .generated:
        let local = try LocalCertificate.loadOrCreate(
            in: config.certificateDirectory,
            hostName: ProcessInfo.processInfo.hostName,
            now: config.now()
        )
        certificate = local
        server = try .tls(
            http1,
            tlsConfiguration: tlsConfiguration(certificate: local.certificatePath, key: local.keyPath)
        )
    case .files(let certificatePath, let keyPath):
        server = try .tls(http1, tlsConfiguration: tlsConfiguration(certificate: certificatePath, key: keyPath))
    }

    let router = try buildRouter(services: services, config: config, certificate: certificate)
    let shownHost = config.host == "0.0.0.0" || config.host == "::" ? "localhost" : config.host
    let scheme = config.usesTLS ? "https" : "http"
    let fingerprint = certificate?.fingerprint
    let closer = DatabaseCloser(database: database, logger: logger)
    let reminders = ReminderService(
        engine: ReminderEngine(database: database, now: config.now, catalogue: words),
        schedules: ScheduleEngine(database: database, now: config.now),
        deliverer: services.push,
        logger: logger
    )
    var backgroundServices: [any Service] = [
        closer, reminders, Housekeeping(sessions: services.sessions, throttle: services.throttle, logger: logger),
        IdleCheckpoints(database: database, logger: logger),
    ]
    if let schedule = config.automaticBackups {
        backgroundServices.append(
            AutomaticBackups(
                database: database,
                dataDirectory: config.dataDirectory,
                schedule: schedule,
                logger: logger,
                now: config.now
            )
        )
    }
    return Application(
        router: router,
        server: server,
        configuration: .init(
            address: .hostname(config.host, port: config.port),
            serverName: nil,
            availableConnectionsDelegate: MaximumAvailableConnections(maxConnections, logger: logger)
        ),
        services: backgroundServices,
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? config.port
            logger.info("Stashify is running at \(scheme)://\(shownHost):\(port)/")
            if config.host == "0.0.0.0" || config.host == "::" {
                logger.info("On your network: \(scheme)://\(ProcessInfo.processInfo.hostName):\(port)/")
            }
            if let fingerprint {
                logger.info("Self-made certificate, SHA-256 fingerprint \(fingerprint)")
                logger.info(
                    "Phones can trust it by installing \(scheme)://\(shownHost):\(port)\(HealthPaths.caCertificate) (see README)"
                )
            }
            if !config.usesTLS {
                logger.notice("TLS is off (--no-tls): serve Stashify only behind a reverse proxy that speaks HTTPS")
            }
            if config.pushContact == AppConfig.defaultPushContact {
                logger.notice(
                    "Web Push gives browsers' push services the contact \(config.pushContact); some refuse one that isn't a real address: set yours with --push-contact"
                )
            }
        },
        logger: logger
    )
}

/// The routes: static files and health checks outside the session; everything else behind it.
func buildRouter(
    services: AppServices,
    config: AppConfig,
    certificate: LocalCertificate?
) throws -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: SecurityHeadersMiddleware(tls: config.usesTLS))
    router.add(middleware: ErrorPageMiddleware(pages: services.pages))
    router.add(middleware: ApiErrorMiddleware())
    router.add(middleware: NulPathMiddleware())
    router.add(middleware: try StaticFilesMiddleware(directory: config.publicDirectory))

    HealthController(database: services.database, certificate: certificate).addRoutes(to: router)
    CalendarFeedController(
        database: services.database,
        now: services.now,
        publicBase: config.publicBase,
        catalogue: services.pages.catalogue
    ).addRoutes(to: router)

    // The JSON API: tokens only, never the session cookie, so it sits outside the pages' session and CSRF checks.
    let api = router.group("api/v1")
        .add(
            middleware: ApiAuthenticator(
                database: services.database,
                now: services.now,
                catalogue: services.pages.catalogue,
                limiter: ApiRateLimiter(perMinute: config.apiRequestsPerMinute)
            )
        )
        .add(
            middleware: ApiIdempotency(
                database: services.database,
                now: services.now,
                catalogue: services.pages.catalogue
            )
        )
    try StashifyAPI(
        database: services.database,
        now: services.now,
        safeToSpend: services.safeToSpend,
        catalogue: services.pages.catalogue
    )
    .registerHandlers(on: api)
    let spec = try ApiSpec.load(resourcesDirectory: config.resourcesDirectory)
    router.get(ApiSpec.path) { _, _ in spec.response }

    let sessionMiddleware = SessionMiddleware<AppRequestContext>(
        storage: services.sessions,
        configuration: .init(
            sessionCookieParameters: .init(
                name: services.pages.cookies.session,
                secure: config.usesTLS,
                sameSite: .lax
            ),
            keyPrefix: "",
            defaultSessionExpiration: config.sessionLifetime
        )
    )
    let app = router.group()
        .add(middleware: BrowserSessionCookieMiddleware(cookies: services.pages.cookies))
        .add(middleware: sessionMiddleware)
        .add(middleware: MemberAuthenticator(database: services.database, now: services.now))
        .add(middleware: LanguageMiddleware(pages: services.pages))
        .add(middleware: FlashMiddleware(cookies: services.pages.cookies))
        .add(middleware: ErrorPageMiddleware(pages: services.pages))
        .add(middleware: CSRFMiddleware(cookies: services.pages.cookies))
        .add(middleware: RepeatedFormMiddleware(cookies: services.pages.cookies, forms: SentForms(now: services.now)))
    let auth = AuthController(
        database: services.database,
        pages: services.pages,
        now: services.now,
        hasher: services.hasher,
        throttle: services.throttle,
        commonPasswords: services.commonPasswords,
        sessions: services.sessions,
        dummyHash: services.dummyHash,
        signups: config.signups,
        pendingSignIns: PendingSignIns(now: services.now)
    )
    auth.addPublicRoutes(to: app)
    ApiReferenceController(pages: services.pages, reference: try ApiReference.parse(spec.text)).addRoutes(to: app)

    let signedIn = app.group()
        .add(middleware: RequireUserMiddleware(pages: services.pages))
        .group(context: MemberContext.self)
        .add(middleware: JudgeClosedMonthsMiddleware(now: services.now))
        .add(middleware: UnreadNotificationsMiddleware(walletBadges: services.walletBadges))
    auth.addSignedInRoutes(to: signedIn)
    // Each controller gets only what it uses: most need only the page renderer and the clock, and reach the
    // member's data through the context's store.
    let (database, pages, now) = (services.database, services.pages, services.now)
    HomeController(pages: pages, now: now, walletWidgets: services.walletWidgets, safeToSpend: services.safeToSpend)
        .addRoutes(to: signedIn)
    StashController(pages: pages, now: now).addRoutes(to: signedIn)
    WelcomeController(pages: pages, pushKey: services.push.webPush.key.publicKey).addRoutes(to: signedIn)
    BadgeController(pages: pages, now: now).addRoutes(to: signedIn)
    let profile = ProfileController(
        database: database,
        pages: pages,
        now: now,
        hasher: services.hasher,
        throttle: services.throttle,
        commonPasswords: services.commonPasswords,
        push: services.push,
        signups: config.signups,
        testPushes: TestPushLimiter(limit: config.testPushesPerMinute),
        sessionIdleLimit: services.sessions.idleLimit
    )
    profile.addRoutes(to: signedIn)
    YourDataController(
        database: database,
        pages: pages,
        now: now,
        profile: profile,
        importMaxSize: config.importMaxSize
    )
    .addRoutes(to: signedIn)
    BankImportController(pages: pages, now: now).addRoutes(to: signedIn)
    WalletController(pages: pages, now: now, catalogue: services.catalogue).addRoutes(to: signedIn)
    StatisticsController(pages: pages, now: now).addRoutes(to: signedIn)
    NotificationController(pages: pages, now: now).addRoutes(to: signedIn)
    BudgetController(pages: pages, now: now, safeToSpend: services.safeToSpend).addRoutes(to: signedIn)
    ScheduleController(pages: pages, now: now, suggestions: services.scheduleSuggestions).addRoutes(to: signedIn)
    return router
}

/// The server's Web Push key, made at first start.
private func loadWebPushKey(path: String) throws -> VAPIDKey {
    do {
        return try VAPIDKey.loadOrCreate(at: path)
    } catch {
        throw StartupError("cannot read or make the Web Push key \(path): \(error)")
    }
}

private func loadTokenSeal(path: String) throws -> TokenSeal {
    do {
        return try TokenSeal.loadOrCreate(at: path)
    } catch {
        throw StartupError("cannot read or make the channel token key \(path): \(error)")
    }
}

/// How long a closing TLS connection waits for the peer's close_notify.
let tlsShutdownTimeout = TimeAmount.milliseconds(100)

private func tlsConfiguration(certificate: String, key: String) throws -> TLSConfiguration {
    let chain: [NIOSSLCertificate]
    let privateKey: NIOSSLPrivateKey
    do {
        chain = try NIOSSLCertificate.fromPEMFile(certificate)
    } catch {
        throw StartupError("cannot read the TLS certificate \(certificate): \(error)")
    }
    do {
        privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
    } catch {
        throw StartupError("cannot read the TLS key \(key): \(error)")
    }
    guard !chain.isEmpty else { throw StartupError("no certificate found in \(certificate)") }
    var configuration = TLSConfiguration.makeServerConfiguration(
        certificateChain: chain.map { .certificate($0) },
        privateKey: .privateKey(privateKey)
    )
    configuration.minimumTLSVersion = .tlsv12
    configuration.cipherSuiteValues = tls12CipherSuites
    // A connection the server closes (idle, or at shutdown) doesn't wait for the browser's own close_notify, which
    // browsers seldom send: NIOSSL's default of 5 s would hold a stopping server that long per idle connection.
    configuration.shutdownTimeout = tlsShutdownTimeout
    return configuration
}

/// What TLS 1.2 offers: forward-secret key exchange with an AEAD cipher only (no CBC, no SHA-1). TLS 1.3 has its own
/// fixed, modern set.
let tls12CipherSuites: [NIOTLSCipher] = [
    .TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, .TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
    .TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384, .TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
    .TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256, .TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
]
