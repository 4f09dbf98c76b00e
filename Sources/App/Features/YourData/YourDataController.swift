import Foundation
import Hummingbird

/// Profile → Your data: download everything, import an export into an empty account, delete the account.
struct YourDataController {
    let database: AppDatabase
    let pages: PageRenderer
    let now: @Sendable () -> Date
    let profile: ProfileController
    /// The largest `stashify.json` an import unpacks (`--import-max-size`).
    var importMaxSize = AppConfig.defaultImportMaxSize

    /// The largest export file import takes.
    static let maxArchiveSize = 48 * 1024 * 1024

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(YourDataPaths.index, use: show)
        group.get(YourDataPaths.export, use: export)
        group.post(YourDataPaths.importArchive, use: importArchive)
        group.addDeletion(YourDataPaths.deleteMembership, deletion)
    }

    /// `GET /profile/data`
    @Sendable func show(request: Request, context: MemberContext) async throws -> Response {
        try await page(importError: nil, context: context)
    }

    /// `GET /profile/data/export`: the ZIP of everything, made from one snapshot.
    @Sendable func export(request: Request, context: MemberContext) async throws -> Response {
        let document = try context.store.exportDocument(now: now())
        let zip = try AccountArchive.make(document)
        return PageRenderer.download(
            ByteBuffer(bytes: zip),
            type: "application/zip",
            filename: "stashify-export-\(context.member.today).zip"
        )
    }

    /// `POST /profile/data/import`: all of the file, or (with the reason next to the field) nothing.
    @Sendable func importArchive(request: Request, context: MemberContext) async throws -> Response {
        let form = try context.uploadedForm()
        do {
            guard let file = form.files["archive"], !file.bytes.isEmpty else {
                throw ImportProblem(.noArchive)
            }
            guard file.bytes.count <= Self.maxArchiveSize else {
                throw ImportProblem(.archiveTooLarge(megabytes: Self.maxArchiveSize / 1_048_576))
            }
            guard try context.store.accountIsEmpty() else {
                throw ImportProblem.accountHasData
            }
            // One import at a time: reading and writing a large export takes the server's memory and the
            // database's writes for a while.
            guard database.importGate.take() else { throw ImportProblem.busy }
            defer { database.importGate.release() }
            let document = try AccountArchive.read(Data(file.bytes), maxDocumentSize: importMaxSize)
            try await context.store.importDocument(document, now: now())
            let t = context.words
            let imported = t[
                "data.import.done",
                [
                    "entries": t.plural("data.counts.entries", count: document.ledger.count),
                    "stashes": t.plural("data.counts.stashes", count: document.stashes.count),
                    "cards": t.plural("data.counts.cards", count: document.cards.count),
                ]
            ]
            // Its push channels came in switched off: the member lands where they can be turned on.
            guard document.pushChannels.isEmpty else {
                return pages.redirect(
                    to: ProfilePaths.notifications + "#push-title",
                    flash: .success(
                        imported + " " + t["data.import.push_off"]
                    )
                )
            }
            return pages.redirect(to: HomePaths.index, flash: .success(imported))
        } catch let problem as ImportProblem {
            return try await page(
                importError: problem.message(context.words),
                context: context,
                status: problem == .busy ? .serviceUnavailable : .unprocessableContent
            )
        }
    }

    /// `GET` and `POST /profile/delete`: deleting takes the password and the word DELETE typed; every row of the
    /// account goes, and every browser signed in to it is logged out.
    var deletion: Deletion<User> {
        Deletion { _, context in
            context.user
        } confirm: { _, _, context in
            try await deletePage(confirmation: "", errors: FieldErrors(t: context.words), context: context)
        } delete: { user, request, context in
            let t = context.words
            let input = try await request.decodeForm(DeleteAccountInput.self, context: context)
            var errors = FieldErrors(t: context.words)
            let status = try await profile.checkCurrentPassword(
                input.password,
                field: "password",
                user: user,
                request: request,
                context: context,
                into: &errors
            )
            if (input.confirmation ?? "").trimmingCharacters(in: .whitespaces) != "DELETE" {
                errors.add("confirmation", t["data.delete.confirmation_error"])
            }
            guard errors.isEmpty else {
                return try await deletePage(
                    confirmation: input.confirmation ?? "",
                    errors: errors,
                    context: context,
                    status: errors["password"] == nil ? .unprocessableContent : status
                )
            }
            try await database.deleteUser(userId: user.id ?? 0)
            context.sessions.clearSession()
            return pages.redirect(to: AuthPaths.login, flash: .info(t["data.delete.done"]))
        }
    }

    // MARK: - Pages

    private func page(
        importError: String?,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let t = context.words
        let page = YourDataPages.DataPage(
            importError: importError,
            accountIsEmpty: try context.store.accountIsEmpty()
        )
        return pages.page(title: t["data.title"], section: .profile, context: context, status: status) {
            YourDataPages.show(page, csrf: $0.csrf, t: $0.t)
        }
    }

    private func deletePage(
        confirmation: String,
        errors: FieldErrors,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let t = context.words
        let counts = try context.store.accountSummary(t: t)
        let page = YourDataPages.DeletePage(
            summary: errors.summary,
            fields: [
                .input(
                    "password",
                    label: t["profile.fields.your_password"],
                    type: "password",
                    error: errors["password"],
                    autocomplete: "current-password",
                    required: true
                ),
                .input(
                    "confirmation",
                    label: t["data.delete.confirmation"],
                    value: confirmation,
                    error: errors["confirmation"],
                    autocomplete: "off",
                    required: true
                ),
            ],
            contents: counts
        )
        return pages.page(title: t["data.delete.title"], section: .profile, context: context, status: status) {
            YourDataPages.delete(page, csrf: $0.csrf, t: $0.t)
        }
    }
}

struct DeleteAccountInput: Decodable, Sendable {
    var password: String?
    var confirmation: String?
}

extension MemberStore {
    /// What the account holds, in words: "1,234 entries, 8 stashes and 20 wallet cards".
    func accountSummary(t: Words) throws -> String {
        let userId = self.userId
        let (entries, stashes, cards) = try read { db in
            (
                try Int.fetchOne(
                    db,
                    sql: "SELECT COALESCE(SUM(entryCount), 0) FROM categoryMonth WHERE userId = ?",
                    arguments: [userId]
                ) ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stash WHERE userId = ?", arguments: [userId]) ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM walletCard WHERE userId = ?", arguments: [userId]) ?? 0
            )
        }
        return t[
            "data.delete.contents",
            [
                "entries": t.plural("data.counts.entries", count: entries),
                "stashes": t.plural("data.counts.stashes", count: stashes),
                "cards": t.plural("data.counts.wallet_cards", count: cards),
            ]
        ]
    }
}
