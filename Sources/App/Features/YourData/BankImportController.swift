import Foundation
import Hummingbird

/// Importing a bank statement: upload, map the columns with a preview, import as one batch, undo the batch.
struct BankImportController {
    let pages: PageRenderer
    let now: @Sendable () -> Date

    /// Rows shown in the preview table, and duplicates offered one by one.
    static let previewRows = 20
    static let shownDuplicates = 500
    /// Each member's statement as parsed, with the draft it was parsed from: the preview is shown again on every
    /// change of a column, and reading and parsing the file each time cost more than the page.
    let statements = UserCache<BankImportDraft, BankStatement>(capacity: 16)

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(BankImportPaths.upload, use: showUpload)
        group.post(BankImportPaths.upload, use: upload)
        group.get(BankImportPaths.preview, use: showPreview)
        group.post(BankImportPaths.preview, use: preview)
        group.post(BankImportPaths.undo, use: undo)
    }

    /// `GET /transactions/import`
    @Sendable func showUpload(request: Request, context: MemberContext) async throws -> Response {
        try await uploadPage(error: nil, context: context)
    }

    /// `POST /transactions/import`: reads the file and keeps it for the preview.
    @Sendable func upload(request: Request, context: MemberContext) async throws -> Response {
        let form = try context.uploadedForm()
        let file = form.files["statement"]
        do {
            let statement = try BankStatement.parse(file?.bytes ?? [])
            let name = String((file?.filename ?? "statement.csv").split(separator: "/").last ?? "statement.csv").prefix(
                100
            )
            if let draft = try await context.store.saveBankDraft(
                filename: String(name),
                content: statement.text,
                now: now()
            ) {
                statements.store(.init(key: draft, revision: 0, value: statement), userId: context.member.id)
            }
            return pages.redirect(to: BankImportPaths.preview)
        } catch let problem as ImportProblem {
            return try await uploadPage(
                error: problem.message(context.words),
                context: context,
                status: .unprocessableContent
            )
        }
    }

    /// `GET /transactions/import/preview`: the guessed columns and what the first rows become.
    @Sendable func showPreview(request: Request, context: MemberContext) async throws -> Response {
        guard let draft = try context.store.bankDraft(),
            let statement = try await parsedStatement(of: draft, context: context)
        else {
            return pages.redirect(to: BankImportPaths.upload)
        }
        return try await previewPage(
            draft: draft,
            statement: statement,
            mapping: BankMapping.guess(statement),
            accountId: nil,
            included: [],
            errors: FieldErrors(t: context.words),
            context: context
        )
    }

    /// `POST /transactions/import/preview`: "Update preview" shows the rows again with the chosen columns; "Import"
    /// writes them as one batch.
    @Sendable func preview(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        guard let draft = try context.store.bankDraft(),
            let statement = try await parsedStatement(of: draft, context: context)
        else {
            return pages.redirect(to: BankImportPaths.upload, flash: .info(t["data.bank.choose_statement"]))
        }
        let input = try await request.decodeForm(BankMappingInput.self, context: context)
        var errors = FieldErrors(t: t)
        let columns = statement.header.count
        func column(_ text: String?, _ field: String) -> Int? {
            guard let text, !text.isEmpty else { return nil }
            guard let index = Int(text), (0..<columns).contains(index) else {
                errors.add(field, t["data.bank.errors.column"])
                return nil
            }
            return index
        }
        var mapping = BankMapping(
            date: column(input.date, "date"),
            amount: column(input.amount, "amount"),
            debit: column(input.debit, "debit"),
            credit: column(input.credit, "credit"),
            description: column(input.description, "description"),
            category: column(input.category, "category"),
            dateFormat: StatementDateFormat(rawValue: input.dateFormat ?? "") ?? .iso,
            decimal: DecimalSeparator(rawValue: input.decimal ?? "") ?? .point
        )
        if mapping.date == nil { errors.add("date", t["data.bank.errors.date"]) }
        if mapping.amount == nil && mapping.debit == nil && mapping.credit == nil {
            errors.add("amount", t["data.bank.errors.amount"])
        }
        if mapping.amount != nil {
            mapping.debit = nil
            mapping.credit = nil
        }
        if mapping.description == nil {
            errors.add("description", t["data.bank.errors.description"])
        }
        let accounts = try context.store.accountChoices()
        var accountId: Int64?
        if let account = input.account, !account.isEmpty {
            accountId = Int64(account).flatMap { id in accounts.contains { $0.id == id } ? id : nil }
            if accountId == nil { errors.add("account", t["data.bank.errors.account"]) }
        }
        let included = Set((input.include ?? []).compactMap(Int.init))
        guard input.step == "import", errors.isEmpty else {
            return try await previewPage(
                draft: draft,
                statement: statement,
                mapping: mapping,
                accountId: accountId,
                included: included,
                errors: errors,
                context: context,
                status: errors.isEmpty ? .ok : .unprocessableContent
            )
        }
        let plan = try context.store.bankImportPlan(BankRow.rows(statement, mapping))
        let chosen = plan.importable.filter { !$0.isDuplicate || included.contains($0.row.line) }
        guard !chosen.isEmpty else {
            errors.add("date", t["data.bank.errors.nothing"])
            return try await previewPage(
                draft: draft,
                statement: statement,
                mapping: mapping,
                accountId: accountId,
                included: included,
                errors: errors,
                context: context,
                status: .unprocessableContent
            )
        }
        let batchId = try await context.store.importBank(
            chosen,
            filename: draft.filename,
            accountId: accountId,
            now: now()
        )
        let skipped = plan.items.count - chosen.count
        let transactions = t.plural("data.counts.transactions", count: chosen.count)
        let message =
            skipped == 0
            ? t["data.bank.imported", ["transactions": transactions, "file": draft.filename]]
            : t[
                "data.bank.imported_skipped",
                ["transactions": transactions, "file": draft.filename, "skipped": t.format.number(skipped)]
            ]
        return pages.redirect(
            to: BudgetPaths.transactions,
            flash: .undoable(message, undoPath: BankImportPaths.undo(batchId))
        )
    }

    /// `POST /transactions/import/:id/undo`
    @Sendable func undo(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        guard let id = context.parameters.get("id", as: Int64.self),
            let batch = try await context.store.undoImport(batchId: id)
        else {
            throw HTTPError(.notFound)
        }
        return pages.redirect(
            to: BudgetPaths.transactions,
            flash: .success(
                t[
                    "data.bank.undone",
                    [
                        "file": batch.filename,
                        "transactions": t.plural("data.counts.transactions", count: batch.rowCount),
                    ]
                ]
            )
        )
    }

    /// The draft's statement: as parsed at upload, or (after a restart) read and parsed once more.
    private func parsedStatement(of draft: BankImportDraft, context: MemberContext) async throws -> BankStatement? {
        if let kept = statements.entry(userId: context.member.id, key: draft) { return kept.value }
        guard let content = try context.store.bankDraftContent(draft),
            let statement = try? BankStatement.parse(text: content)
        else { return nil }
        statements.store(.init(key: draft, revision: 0, value: statement), userId: context.member.id)
        return statement
    }

    // MARK: - Pages

    private func uploadPage(
        error: String?,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let zone = context.user.calendarTimeZone
        let t = context.words
        let batches = try context.store.importBatches().map { batch in
            BankImportPages.Batch(
                id: batch.id,
                text: t[
                    "data.bank.batch",
                    [
                        "file": batch.filename,
                        "transactions": t.plural("data.counts.transactions", count: batch.rowCount),
                        "day": t.date(CalendarDay.today(in: zone, now: batch.createdAt)),
                    ]
                ]
            )
        }
        let page = BankImportPages.UploadPage(error: error, batches: batches)
        return pages.page(title: t["data.bank.title"], section: .profile, context: context, status: status) {
            BankImportPages.upload(page, csrf: $0.csrf, t: $0.t)
        }
    }

    private func previewPage(
        draft: BankImportDraft,
        statement: BankStatement,
        mapping: BankMapping,
        accountId: Int64?,
        included: Set<Int>,
        errors: FieldErrors,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let plan = try context.store.bankImportPlan(BankRow.rows(statement, mapping))
        let currency = Currency.named(context.user.currency)
        let t = context.words
        let columnOptions =
            [(value: "", label: t["data.bank.none"])]
            + statement.header.enumerated().map {
                (
                    value: String($0.offset),
                    label: $0.element.isEmpty
                        ? t["data.bank.column", ["number": t.format.number($0.offset + 1)]] : $0.element
                )
            }
        let choice = { (column: Int?) in column.map(String.init) ?? "" }
        let accounts = try context.store.accountChoices()
        let fields: [FormField] = [
            .select(
                "date",
                label: t["data.bank.date"],
                value: choice(mapping.date),
                options: columnOptions,
                error: errors["date"]
            ),
            .select(
                "dateFormat",
                label: t["data.bank.date_format"],
                value: mapping.dateFormat.rawValue,
                options: StatementDateFormat.allCases.map { ($0.rawValue, $0.rawValue) }
            ),
            .select(
                "description",
                label: t["data.bank.description"],
                value: choice(mapping.description),
                options: columnOptions,
                error: errors["description"]
            ),
            .select(
                "amount",
                label: t["data.bank.amount"],
                value: choice(mapping.amount),
                options: columnOptions,
                error: errors["amount"]
            ),
            .select(
                "debit",
                label: t["data.bank.money_out"],
                value: choice(mapping.debit),
                options: columnOptions,
                error: errors["debit"]
            ),
            .select(
                "credit",
                label: t["data.bank.money_in"],
                value: choice(mapping.credit),
                options: columnOptions,
                error: errors["credit"]
            ),
            .select(
                "decimal",
                label: t["data.bank.decimal"],
                value: mapping.decimal.rawValue,
                options: DecimalSeparator.allCases.map { ($0.rawValue, $0.label) }
            ),
            .select(
                "category",
                label: t["data.bank.category"],
                value: choice(mapping.category),
                options: columnOptions,
                error: errors["category"],
                hint: t["data.bank.category_hint"]
            ),
            .select(
                "account",
                label: t["data.bank.account"],
                value: accountId.map(String.init) ?? "",
                options: [("", t["data.bank.no_account"])] + accounts.map { (String($0.id), $0.name) },
                error: errors["account"]
            ),
        ]
        let rows = plan.items.prefix(Self.previewRows).map { item in
            let amount = item.row.cents.map { context.user.money(abs($0), in: currency) } ?? "—"
            let status: String =
                if let problem = item.row.problem {
                    t["data.bank.skipped", ["problem": Self.problemText(problem, t: t)]]
                } else if item.isDuplicate {
                    included.contains(item.row.line)
                        ? t["data.bank.duplicate_included"] : t["data.bank.duplicate_skipped"]
                } else { (item.row.cents ?? 0) > 0 ? t["data.bank.income"] : t["data.bank.expense"] }
            return BankImportPages.Row(
                line: item.row.line,
                date: item.row.day.map(t.date) ?? "—",
                description: item.row.description,
                amount: ((item.row.cents ?? 0) > 0 ? "+" : "−") + amount,
                isIncome: (item.row.cents ?? 0) > 0,
                category: item.categoryName ?? t["data.bank.uncategorized"],
                status: status,
                isSkipped: item.row.problem != nil || (item.isDuplicate && !included.contains(item.row.line))
            )
        }
        let unreadable = plan.items.count - plan.importable.count
        let duplicates = plan.duplicates
        let willImport = plan.importable.count - duplicates.filter { !included.contains($0.row.line) }.count
        var counts = t.plural(
            "data.bank.counts.rows",
            count: plan.items.count,
            ["import": t.format.number(willImport)]
        )
        if !duplicates.isEmpty {
            counts += t["data.bank.counts.duplicates", ["count": t.format.number(duplicates.count)]]
        }
        if unreadable > 0 {
            let first = plan.items.first { $0.row.problem != nil }
            counts +=
                t[
                    "data.bank.counts.unreadable",
                    [
                        "count": t.format.number(unreadable), "line": String(first?.row.line ?? 0),
                        "problem": first?.row.problem.map { Self.problemText($0, t: t) } ?? "",
                    ]
                ]
        }
        counts += t.plural("data.bank.counts.shown", count: min(Self.previewRows, plan.items.count))
        let page = BankImportPages.PreviewPage(
            filename: draft.filename,
            summary: errors.summary,
            mappingFields: fields,
            rows: Array(rows),
            counts: counts,
            duplicates: duplicates.prefix(Self.shownDuplicates).map { item in
                BankImportPages.Duplicate(
                    line: item.row.line,
                    text:
                        "\(item.row.day.map(t.date) ?? ""), \(item.row.description), \(context.user.money(abs(item.row.cents ?? 0), in: currency))",
                    included: included.contains(item.row.line)
                )
            },
            importLabel: willImport > 0
                ? t["data.bank.import", ["transactions": t.plural("data.counts.transactions", count: willImport)]] : nil
        )
        return pages.page(title: t["data.bank.title"], section: .profile, context: context, status: status) {
            BankImportPages.preview(page, csrf: $0.csrf, t: $0.t)
        }
    }

    /// Why a row can't be imported, as the preview says it.
    static func problemText(_ problem: BankRow.Problem, t: Words) -> String {
        switch problem {
        case .noDate: t["data.bank.problems.no_date"]
        case .noAmount: t["data.bank.problems.no_amount"]
        case .zero: t["data.bank.problems.zero"]
        }
    }
}

struct BankMappingInput: Decodable, Sendable {
    var date: String?
    var dateFormat: String?
    var description: String?
    var amount: String?
    var debit: String?
    var credit: String?
    var decimal: String?
    var category: String?
    var account: String?
    var step: String?
    var include: [String]?
}
