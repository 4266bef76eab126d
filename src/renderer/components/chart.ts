// chart.js with the pieces Drivewise draws (bar charts, the surface scan's line, linear and log
// axes), registered once for
// every view that imports Chart from here.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  Title,
  Tooltip,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LogarithmicScale,
  LineController,
  LineElement,
  PointElement,
  Legend,
  Title,
  Tooltip,
);

export { Chart };
