import App
import ArgumentParser
import Foundation

// Parse, run, and turn any failure into one clear line and a non-zero exit.
do {
    let command = try Stashify.parseAsRoot()
    switch command {
    case let serve as Serve: try await serve.run()
    case let backup as BackupCommand: try await backup.run()
    case let restore as RestoreCommand: try await restore.run()
    case let list as UsersCommand.List: try await list.run()
    case let invite as UsersCommand.Invite: try await invite.run()
    case let add as UsersCommand.Add: try await add.run()
    case let reset as UsersCommand.ResetPassword: try await reset.run()
    case let delete as UsersCommand.Delete: try await delete.run()
    case let disable as UsersCommand.DisableTwoFactor: try await disable.run()
    case let demo as DemoDataCommand: try await demo.run()
    default:
        // `--help`, `help`, `serve --help` and `users` alone come back as ArgumentParser's help command (or a
        // command group), which prints the help of the command it was asked about.
        var help = command
        try help.run()
    }
} catch {
    if Stashify.exitCode(for: error) == .success {
        Stashify.exit(withError: error)
    }
    FileHandle.standardError.write(Data(("stashify: " + Stashify.message(for: error) + "\n").utf8))
    exit(Stashify.exitCode(for: error) == .validationFailure ? 64 : 1)
}
