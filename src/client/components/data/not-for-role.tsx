import { Card, CardContent } from '../ui/card';

type Props = { title: string; subtitle: string; note: string; testId: string };

/**
 * A screen the signed-in role may not read (DESIGN.md §7): its title, and once why, instead of lists and cards the
 * server would refuse and a "Try again" that can only be refused again. Nothing is asked of the server.
 */
export function NotForRole({ title, subtitle, note, testId }: Props) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
        <p className="text-muted-foreground">{subtitle}</p>
      </div>
      <Card>
        <CardContent className="p-5 text-sm text-muted-foreground" data-testid={testId}>
          <p role="note">{note}</p>
        </CardContent>
      </Card>
    </div>
  );
}
