import Foundation
import ZIPFoundation

/// The "Download everything" file: a ZIP holding `stashify.json` (the `AccountDocument`, which import reads) and
/// one CSV per table for spreadsheets, with names in place of refs and amounts as decimals.
enum AccountArchive {
    static let documentName = "stashify.json"
    /// The largest `stashify.json` import unpacks by default: room for a million entries (about 180 MB), far below
    /// what would exhaust memory. The owner sets it with `--import-max-size`.
    static let defaultMaxDocumentSize = AppConfig.defaultImportMaxSize
    /// How many times its packed size `stashify.json` may unpack to: a 100,000-entry demo export (whose entries
    /// repeat more than real ones) packs 33 to 1; a file made to exhaust memory packs about 1,000 to 1.
    static let maxUnpackRatio = 200

    /// The archive's bytes.
    static func make(_ document: AccountDocument) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        func add(_ name: String, _ data: Data) throws {
            try archive.addEntry(
                with: name,
                type: .file,
                uncompressedSize: Int64(data.count),
                modificationDate: document.exportedAt,
                compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        try add(documentName, try AccountDocument.encoder.encode(document))
        for (name, text) in tables(document) {
            try add(name, Data(text.utf8))
        }
        guard let data = archive.data else { throw ImportProblem(.archiveNotMade) }
        return data
    }

    /// The document inside an uploaded archive; anything else is an `ImportProblem` that says what is wrong. The
    /// document may unpack to `maxDocumentSize` bytes and `maxUnpackRatio` times its packed size: checked on the
    /// sizes the ZIP states, and again while it unpacks, since those can lie.
    static func read(_ data: Data, maxDocumentSize: Int = defaultMaxDocumentSize) throws -> AccountDocument {
        guard data.count >= 4, data.prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]),
            let archive = try? Archive(data: data, accessMode: .read)
        else {
            throw ImportProblem(.notZip)
        }
        guard let entry = archive[documentName], entry.type == .file else {
            throw ImportProblem(.noDocument(documentName))
        }
        let tooLarge = ImportProblem(.documentTooLarge(documentName, megabytes: maxDocumentSize / 1_048_576))
        let tooPacked = ImportProblem(.tooPacked)
        // Unpacking reads no more than the packed size the entry states, and never more than the file holds.
        let packed = max(1, min(Int(clamping: entry.compressedSize), data.count))
        let maxUnpacked = min(
            maxDocumentSize,
            packed.multipliedReportingOverflow(by: maxUnpackRatio).overflow ? .max : packed * maxUnpackRatio
        )
        guard entry.uncompressedSize <= UInt64(maxDocumentSize) else { throw tooLarge }
        guard entry.uncompressedSize <= UInt64(maxUnpacked) else { throw tooPacked }
        var json = Data()
        do {
            _ = try archive.extract(entry) { chunk in
                // The sizes a ZIP states can lie: stop at the limits whatever they say.
                guard json.count + chunk.count <= maxUnpacked else {
                    throw json.count + chunk.count > maxDocumentSize ? tooLarge : tooPacked
                }
                json.append(chunk)
            }
        } catch let problem as ImportProblem {
            throw problem
        } catch {
            throw ImportProblem(.zipDamaged(documentName))
        }
        return try AccountDocument.decode(json)
    }

    /// One CSV per table: file name and text.
    static func tables(_ document: AccountDocument) -> [(String, String)] {
        let money = { (cents: Int64?) in
            cents.map { Money(cents: $0, currency: Currency.named(document.profile.currency)).formValue } ?? ""
        }
        // A card's amounts are in the card's own currency.
        let code = { (card: AccountDocument.Card) in card.currencyCode(profile: document.profile) }
        let cardMoney = { (card: AccountDocument.Card, cents: Int64) in
            Money(cents: cents, currency: Currency.named(code(card))).formValue
        }
        let stamp = { (date: Date?) in date.map { $0.formatted(.iso8601) } ?? "" }
        let stashNames = Dictionary(document.stashes.map { ($0.ref, $0.name) }, uniquingKeysWith: { first, _ in first })
        let categoryNames = Dictionary(
            document.categories.map { ($0.ref, $0.name) },
            uniquingKeysWith: { first, _ in first }
        )
        let accountNames = Dictionary(
            document.accounts.map { ($0.ref, $0.name) },
            uniquingKeysWith: { first, _ in first }
        )
        let cardNames = Dictionary(document.cards.map { ($0.ref, $0.name) }, uniquingKeysWith: { first, _ in first })
        let name = { (names: [Int: String], ref: Int?) in ref.flatMap { names[$0] } ?? "" }

        func csv(_ header: [String], _ rows: [[String]]) -> String {
            var writer = CSVWriter()
            writer.append(header)
            for row in rows { writer.append(row) }
            return writer.text
        }
        let benefits = document.cards.flatMap { card in card.benefits.map { (card, $0) } }
        return [
            (
                "ledger.csv",
                csv(
                    ["date", "kind", "amount", "note", "stash", "category", "account", "created_at"],
                    document.ledger.map {
                        [
                            $0.date, $0.kind.rawValue, money($0.amountCents), $0.note,
                            name(stashNames, $0.stash), name(categoryNames, $0.category),
                            name(accountNames, $0.account), stamp($0.createdAt),
                        ]
                    }
                )
            ),
            (
                "stashes.csv",
                csv(
                    ["name", "kind", "goal", "reward", "category", "reminder", "created_at"],
                    document.stashes.map {
                        [
                            $0.name, $0.kind.rawValue, money($0.goalCents), $0.reward, $0.category,
                            $0.reminder.rawValue, stamp($0.createdAt),
                        ]
                    }
                )
            ),
            (
                "stash-targets.csv",
                csv(
                    ["stash", "from_month", "target"],
                    document.stashes.flatMap { stash in
                        stash.targets.map { [stash.name, $0.month, money($0.amountCents)] }
                    }
                )
            ),
            (
                "badges.csv",
                csv(
                    ["stash", "month", "completed_on", "points", "earned", "claimed_at"],
                    document.badges.map {
                        [
                            name(stashNames, $0.stash), $0.month, $0.completedOn, String($0.points),
                            $0.earned ? "yes" : "no", stamp($0.claimedAt),
                        ]
                    }
                )
            ),
            (
                "categories.csv",
                csv(
                    ["name", "kind", "icon", "color", "hidden"],
                    document.categories.map {
                        [$0.name, $0.kind.rawValue, $0.icon, $0.color, $0.isHidden ? "yes" : "no"]
                    }
                )
            ),
            (
                "accounts.csv",
                csv(
                    ["name", "kind", "opening_balance"],
                    document.accounts.map { [$0.name, $0.kind.rawValue, money($0.openingBalanceCents)] }
                )
            ),
            (
                "income-sources.csv",
                csv(
                    ["name", "amount", "frequency"],
                    document.incomeSources.map { [$0.name, money($0.amountCents), $0.frequency.rawValue] }
                )
            ),
            (
                "cards.csv",
                csv(
                    ["name", "issuer", "nickname", "currency", "annual_fee", "fee_due_on", "reminders"],
                    document.cards.map {
                        [
                            $0.name, $0.issuer, $0.nickname, code($0), cardMoney($0, $0.annualFeeCents),
                            $0.feeDueOn ?? "", $0.notify ? "on" : "off",
                        ]
                    }
                )
            ),
            (
                "benefits.csv",
                csv(
                    ["card", "name", "details", "value", "period", "snoozed_until"],
                    benefits.map { card, benefit in
                        [
                            card.name, benefit.name, benefit.details,
                            cardMoney(card, benefit.valueCents),
                            benefit.period.rawValue, benefit.snoozedUntil ?? "",
                        ]
                    }
                )
            ),
            (
                "benefit-uses.csv",
                csv(
                    ["card", "benefit", "period_start", "used_on", "value"],
                    benefits.flatMap { card, benefit in
                        benefit.uses.map {
                            [card.name, benefit.name, $0.periodStart, $0.usedOn, cardMoney(card, $0.valueCents)]
                        }
                    }
                )
            ),
            (
                "subscriptions.csv",
                csv(
                    ["name", "amount", "frequency", "renews_on", "card", "category"],
                    document.subscriptions.map {
                        [
                            $0.name, money($0.amountCents), $0.frequency.rawValue, $0.renewsOn,
                            name(cardNames, $0.card), $0.category,
                        ]
                    }
                )
            ),
            (
                "schedules.csv",
                csv(
                    [
                        "name", "rule", "starts_on", "weekend", "kind", "category", "account", "stash", "amount",
                        "max_amount", "note", "posting", "next_on",
                    ],
                    document.schedules.map {
                        [
                            $0.name, $0.rule, $0.startsOn, $0.weekend.rawValue, $0.kind.rawValue,
                            name(categoryNames, $0.category), name(accountNames, $0.account),
                            name(stashNames, $0.stash),
                            money($0.amountCents), money($0.maxCents), $0.note, $0.posting.rawValue, $0.nextOn ?? "",
                        ]
                    }
                )
            ),
            (
                "coupons.csv",
                csv(
                    ["name", "details", "expires_on", "category", "value", "code", "used_on"],
                    document.coupons.map {
                        [
                            $0.name, $0.details, $0.expiresOn, $0.category, money($0.valueCents), $0.code,
                            $0.usedOn ?? "",
                        ]
                    }
                )
            ),
        ]
    }
}
