import { useEffect, useState } from "react";
import { commands, errorMessage, type AppInfo } from "./ipc";
import { StartScreen } from "./components/StartScreen";
import { reportToLog } from "./lib/reportToLog";

export function App() {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    commands
      .appInfo()
      .then(setInfo)
      .catch((e: unknown) => {
        const message = errorMessage(e);
        setError(message);
        reportToLog("error", `app_info failed: ${message}`);
      });
  }, []);

  return <StartScreen info={info} error={error} />;
}
